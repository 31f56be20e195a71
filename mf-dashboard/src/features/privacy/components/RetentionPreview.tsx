import { formatDate } from "@klarwerk/kit";
import { QueryState } from "@klarwerk/kit/portal";
import { Stack, Table, Text, Title } from "@klarwerk/kit/ui";
import { ColumnHeaders } from "../../../shared/components/ColumnHeaders";
import { useRetentionPlan } from "../api/privacy-cases";
import { privacyScreenMessages } from "../messages";

const messages = privacyScreenMessages.retention;

/**
 * „Nächster Lauf der Löschung“: what the daily deletion would delete if it ran now (answered
 * contact requests past their period, restricted invoices whose retention period ended), by
 * number and date only. Nothing is deleted here.
 */
export function RetentionPreview() {
  const plan = useRetentionPlan();
  const data = plan.data;
  const rows = data
    ? [
        ...data.contact_requests.map((request) => ({
          key: `request-${request.id}`,
          what: messages.request,
          number: `Nr. ${request.id}`,
          date: messages.doneOn(formatDate(request.done_at)),
        })),
        ...data.invoices.map((invoice) => ({
          key: `invoice-${invoice.id}`,
          what: messages.invoice,
          number: invoice.number,
          date: messages.restrictedUntil(formatDate(invoice.restricted_until)),
        })),
      ]
    : [];

  return (
    <section aria-labelledby="privacy-retention-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="privacy-retention-title">
          {messages.title}
        </Title>
        <QueryState
          loaded={data !== undefined}
          error={plan.error}
          onRetry={() => void plan.refetch()}
          retrying={plan.isRefetching}
          texts={{ loading: messages.loading, loadFailed: messages.loadFailed }}
        >
          {data && (
            <>
              <Text size="sm">{messages.intro(data.contact_request_days)}</Text>
              <Text fw={600}>{data.summary}</Text>
              {rows.length > 0 && (
                <Table aria-label={messages.tableLabel} verticalSpacing="xs" className="users-table">
                  <ColumnHeaders columns={Object.values(messages.columns)} />
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr key={row.key}>
                        <Table.Td data-label={messages.columns.what}>{row.what}</Table.Td>
                        <Table.Td data-label={messages.columns.number}>{row.number}</Table.Td>
                        <Table.Td data-label={messages.columns.date}>{row.date}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {data.held_invoice_ids.length > 0 && <Text size="sm">{messages.held(data.held_invoice_ids.length)}</Text>}
            </>
          )}
        </QueryState>
      </Stack>
    </section>
  );
}
