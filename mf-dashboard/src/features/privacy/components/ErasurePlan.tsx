import {
  formatDate,
  type PrivacyCase,
  type PrivacyErasureAction,
  type PrivacyErasureItem,
  privacyErasureActionLabels,
  privacyMatchText,
} from "@klarwerk/kit";
import { notifyError, notifySuccess, QueryState } from "@klarwerk/kit/portal";
import { Button, Group, Stack, Table, Text, Title } from "@klarwerk/kit/ui";
import { ColumnHeaders } from "../../../shared/components/ColumnHeaders";
import { confirmRemoval } from "../../../shared/components/confirm-removal";
import { useCarryOutErasure, usePrivacyErasurePlan } from "../api/privacy-cases";
import { privacyScreenMessages } from "../messages";

const messages = privacyScreenMessages.erasure;

/** The plan as a table: where, in which field (with the address as it stands), what happens, why, and until when. */
export function ErasurePlanTable({
  items,
  label = messages.tableLabel,
}: {
  items: readonly PrivacyErasureItem[];
  label?: string;
}) {
  return (
    <Table aria-label={label} verticalSpacing="xs" className="users-table">
      <ColumnHeaders columns={Object.values(messages.columns)} />
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={`${item.kind}-${item.id}`}>
            <Table.Td data-label={messages.columns.where}>{item.label}</Table.Td>
            <Table.Td data-label={messages.columns.fields}>{privacyMatchText(item)}</Table.Td>
            <Table.Td data-label={messages.columns.action}>{privacyErasureActionLabels[item.action]}</Table.Td>
            <Table.Td data-label={messages.columns.reason}>{item.reason}</Table.Td>
            <Table.Td data-label={messages.columns.until}>
              {item.until === null ? messages.noDate : formatDate(item.until)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function countOf(items: readonly PrivacyErasureItem[], action: PrivacyErasureAction): number {
  return items.filter((item) => item.action === action).length;
}

/**
 * „Löschung planen“ on a case of kind Löschung (or both): the plan, and one button that carries it
 * out after a confirmation dialog. Shown for every erasure case; carried out only while it is open.
 */
export function ErasurePlan({ privacyCase }: { privacyCase: PrivacyCase }) {
  const plan = usePrivacyErasurePlan(privacyCase.id, privacyCase.kind !== "access");
  const carryOut = useCarryOutErasure({
    onSuccess: (result) => {
      notifySuccess(result.summary);
      void plan.refetch();
    },
    onError: (error) => notifyError(messages.failed, error.message),
  });
  if (privacyCase.kind === "access") return null;
  const items = plan.data?.items ?? [];
  const own = items.filter((item) => !item.mention);
  const mentions = items.filter((item) => item.mention);
  const actionable = items.some((item) => item.action !== "review");
  const done = privacyCase.status === "done";

  return (
    <section aria-labelledby="privacy-erasure-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="privacy-erasure-title">
          {messages.title}
        </Title>
        <Text size="sm">{messages.intro}</Text>
        <QueryState
          loaded={plan.data !== undefined}
          error={plan.error}
          onRetry={() => void plan.refetch()}
          retrying={plan.isRefetching}
          texts={{ loading: messages.loading, loadFailed: messages.loadFailed }}
        >
          <Text fw={600}>{plan.data?.summary}</Text>
          {own.length > 0 && <ErasurePlanTable items={own} />}
          {mentions.length > 0 && <ErasurePlanTable items={mentions} label={messages.mentionsLabel} />}
          {done && <Text size="sm">{messages.doneCase}</Text>}
          <Group>
            <Button
              color="red.9"
              disabled={done || !actionable}
              loading={carryOut.isPending}
              onClick={() =>
                confirmRemoval({
                  title: messages.confirmTitle,
                  text: messages.confirmText({
                    erase: countOf(items, "erase"),
                    anonymise: countOf(items, "anonymise"),
                    restrict: countOf(items, "restrict"),
                    remove_mention: countOf(items, "remove_mention"),
                  }),
                  confirm: messages.confirm,
                  onConfirm: () => carryOut.mutate(privacyCase.id),
                })
              }
            >
              {messages.carryOut}
            </Button>
          </Group>
        </QueryState>
      </Stack>
    </section>
  );
}
