import { invoiceReportMessages } from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from "@klarwerk/kit/ui";
import { lazy, Suspense, useId } from "react";
import { useInvoiceReport } from "./api/get-invoice-report";
import { OpenItemsBlock } from "./components/OpenItemsBlock";
import { RevenueTable } from "./components/RevenueTable";
import { reportMessages as messages } from "./messages";

const RevenueChart = lazy(() => import("./components/RevenueChart"));
// Only admins export to DATEV: staff never download that part.
const AdminDatevTools = lazy(() =>
  import("./components/AdminDatevTools").then((module) => ({ default: module.AdminDatevTools })),
);
// Only with overdue invoices is there anyone to remind: the block's code comes when it is needed.
const OverdueReminders = lazy(() =>
  import("./components/OverdueReminders").then((module) => ({ default: module.OverdueReminders })),
);

/**
 * /invoices/auswertung, staff and admins: the open items by age (each age a link to the list of
 * those invoices) and the net revenue of the last twelve months as a chart and a table.
 */
export default function Auswertung() {
  const { user } = useAuth();
  const report = useInvoiceReport();
  const revenueId = useId();
  return (
    <>
      <ScreenHeader title={invoiceReportMessages.title} description={messages.description}>
        <Anchor href="/invoices">{messages.toInvoices}</Anchor>
      </ScreenHeader>
      {user?.role === "admin" && (
        <Suspense fallback={null}>
          <AdminDatevTools />
        </Suspense>
      )}
      {report.isError ? (
        <Alert color="red" title={messages.loadFailed}>
          <Button variant="default" onClick={() => void report.refetch()}>
            {messages.retry}
          </Button>
        </Alert>
      ) : !report.data ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{messages.loading}</Text>
        </Group>
      ) : (
        <Stack gap={48}>
          <OpenItemsBlock openItems={report.data.open_items} />
          {report.data.open_items.overdue.count > 0 && (
            <Suspense fallback={null}>
              <OverdueReminders />
            </Suspense>
          )}
          <Stack component="section" aria-labelledby={revenueId} gap="md">
            <Title order={2} size="h3" id={revenueId}>
              {invoiceReportMessages.revenue}
            </Title>
            <Text c="dimmed">{messages.revenueHint}</Text>
            <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }}>
              <Suspense fallback={<Loader size="sm" />}>
                <RevenueChart revenue={report.data.revenue} />
              </Suspense>
            </Paper>
            <RevenueTable revenue={report.data.revenue} />
          </Stack>
        </Stack>
      )}
    </>
  );
}
