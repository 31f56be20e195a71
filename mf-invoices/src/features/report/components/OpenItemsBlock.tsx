import { ageingBuckets, formatEuro, invoiceReportMessages, type OpenItems } from "@klarwerk/kit";
import { formatCount } from "@klarwerk/kit/format";
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from "@klarwerk/kit/ui";
import { useId } from "react";
import { ageingLink } from "../../../shared/ageing-link";
import { savedCountLabel } from "../../../shared/messages";
import { reportMessages as messages } from "../messages";

function Figure({ label, value }: { label: string; value: string }) {
  const labelId = useId();
  return (
    <Paper withBorder radius="lg" p="lg" role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** "Offene Posten": their gross sum and count, and the four ages, each a link to the list of those invoices. */
export function OpenItemsBlock({ openItems }: { openItems: OpenItems }) {
  const headingId = useId();
  const bucketsId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} size="h3" id={headingId}>
        {invoiceReportMessages.openItems}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Figure label={invoiceReportMessages.openSum} value={formatEuro(openItems.sum_cents)} />
        <Figure label={messages.openCount} value={formatCount(openItems.count)} />
        <Figure label={invoiceReportMessages.overdueCount} value={formatCount(openItems.overdue.count)} />
      </SimpleGrid>
      <Text id={bucketsId} size="sm" fw={600} c="dimmed">
        {messages.bucketsLabel}
      </Text>
      <SimpleGrid component="ul" aria-labelledby={bucketsId} cols={{ base: 1, xs: 2, md: 4 }} spacing="md" p={0} m={0}>
        {ageingBuckets.map((bucket) => {
          const amount = openItems.buckets[bucket];
          return (
            <Paper component="li" key={bucket} withBorder radius="lg" p="md" style={{ listStyle: "none" }}>
              <Anchor href={ageingLink(bucket)} fw={600} data-bucket={bucket}>
                {invoiceReportMessages.ageing[bucket]}
              </Anchor>
              <Text>{messages.bucketLink(savedCountLabel(amount.count), formatEuro(amount.sum_cents))}</Text>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
