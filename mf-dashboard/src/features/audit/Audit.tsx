import { auditMessages as messages } from "@klarwerk/kit";
import { notifyError, Pager, QueryState } from "@klarwerk/kit/portal";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Button, Group, Paper, Stack, Table } from "@klarwerk/kit/ui";
import { useMemo } from "react";
import { useUserAccounts } from "../../shared/api/get-user-accounts";
import { AdminScreenState } from "../../shared/components/AdminScreenState";
import { ColumnHeaders } from "../../shared/components/ColumnHeaders";
import { useExportAuditCsv } from "./api/export-audit-csv";
import { useAuditTrail } from "./api/use-audit-trail";
import { AuditEventRow, auditColumns } from "./components/AuditEventRow";
import { AuditFilters } from "./components/AuditFilters";
import { AuditVerifyPanel } from "./components/AuditVerifyPanel";
import { auditFilterFromSearch } from "./filter";
import "../../shared/dashboard.css";
import "../../shared/users.css";

/**
 * „Protokoll“, for admins (the shell's route guard shows everyone else "Kein Zugriff"): every
 * recorded action, newest first, filtered by person, action, object and date range, in keyset
 * pages; „Protokoll prüfen“ recomputes the chain, and the filtered events export as CSV. An
 * object's „Verlauf“ opens this screen with the object as its filter (`auditHistoryPath`, @klarwerk/kit/portal).
 */
export default function Audit() {
  const initialFilter = useMemo(() => auditFilterFromSearch(window.location.search), []);
  const list = useAuditTrail(initialFilter);
  const accounts = useUserAccounts();
  const exportCsv = useExportAuditCsv({ onError: (error) => notifyError(messages.exportFailed, error.message) });
  const { filter } = list.params;
  const events = list.shown?.items ?? [];

  return (
    <>
      <ScreenHeader title={messages.title} description={messages.description} />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
          <AuditFilters filter={filter} onChange={list.setFilter} people={accounts.data ?? []} />
        </Paper>
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
          <Group justify="space-between" align="flex-start" mb="md" gap="sm">
            <AuditVerifyPanel />
            <Button variant="light" onClick={() => exportCsv.mutate(filter)} loading={exportCsv.isPending}>
              {messages.exportCsv}
            </Button>
          </Group>
          {list.shown === null ? (
            <AdminScreenState
              query={{
                isPending: list.error === null,
                isRefetching: list.loading,
                error: list.error,
                refetch: list.retry,
              }}
              messages={messages}
            />
          ) : (
            <QueryState {...list.state} texts={messages}>
              <Table.ScrollContainer minWidth={820} className="dash-cards-scroll">
                <Table
                  aria-label={messages.tableLabel}
                  verticalSpacing="sm"
                  highlightOnHover
                  aria-busy={list.loading}
                  className="dash-cards"
                >
                  <ColumnHeaders columns={Object.values(auditColumns)} />
                  <Table.Tbody>
                    {events.map((event) => (
                      <AuditEventRow key={event.seq} event={event} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </QueryState>
          )}
          {list.pager && list.shown && (
            <Pager {...list.pager} label={messages.pagerLabel} variant="steps" pagesExact={list.shown.last} />
          )}
        </Paper>
      </Stack>
    </>
  );
}
