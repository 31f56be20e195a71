import { formatEuro, invoiceReportMessages as messages } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { formatCount } from "@klarwerk/kit/format";
import { useQuery } from "@klarwerk/kit/query";
import { Anchor, Group, Paper, Text } from "@klarwerk/kit/ui";
import { useId } from "react";

/**
 * "Offene Posten" beside the Kennzahlen: the sum and the overdue count of the invoice tool's
 * "Auswertung", from its route and under its query key (one cache for both screens).
 */
export function OpenItemsCard() {
  const labelId = useId();
  const report = useQuery({
    queryKey: ["invoices", "report"],
    queryFn: ({ signal }) => callApi("GET /api/invoices/report", { signal }),
  });
  const openItems = report.data?.open_items;
  return (
    <Paper component="section" aria-labelledby={labelId} withBorder radius="lg" p="lg" mb="xl">
      <Group justify="space-between" align="baseline">
        <Text id={labelId} size="sm" fw={600} c="dimmed">
          {messages.openItems}
        </Text>
        <Anchor href="/invoices/auswertung" size="sm">
          {messages.title}
        </Anchor>
      </Group>
      <Group gap="xl" align="baseline" aria-live="polite">
        <Text className="dash-counter__value" data-testid="open-items-sum">
          {openItems ? formatEuro(openItems.sum_cents) : "–"}
        </Text>
        <Text>
          {messages.overdueCount}: <strong>{openItems ? formatCount(openItems.overdue.count) : "–"}</strong>
        </Text>
      </Group>
    </Paper>
  );
}
