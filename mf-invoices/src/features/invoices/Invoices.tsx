import { type Customer, type Invoice, invoiceReportMessages } from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Anchor, Button, Group, Stack, useDisclosure } from "@klarwerk/kit/ui";
import { useCallback, useEffect } from "react";
import { useCustomerFromUrl } from "../../shared/api/customer-from-url";
import { useCompany } from "../../shared/api/get-company";
import { customerBlock } from "../../shared/components/DocumentEditor";
import { InvoicingSetupNotice } from "../../shared/components/SetupNotice";
import { invoiceMessages } from "../../shared/messages";
import { formOfInvoice } from "../../shared/model/form";
import { InvoiceEditor } from "./components/InvoiceEditor";
import { LazyCompanySettingsDialog } from "./components/LazyCompanySettingsDialog";
import { SavedInvoices } from "./components/SavedInvoices";
import { useInvoiceBook } from "./invoice-book";

/**
 * /invoices, the Rechnungstool: the form for a new invoice (or a draft being edited) above the
 * stored invoices; admins reach the company settings from here.
 */
export default function Invoices() {
  const { draft, editingId, updateDraft, resetDraft, editDraft } = useInvoiceBook();
  const { user } = useAuth();
  const company = useCompany();
  const admin = user?.role === "admin";
  const [settingsOpen, settings] = useDisclosure(false);
  // `/invoices?einstellungen=firma` (the dashboard's and the Auswertung's notices link there) opens
  // the settings once the screen has them.
  const openSettings = settings.open;
  useEffect(() => {
    if (!admin || !company.data) return;
    const params = new URLSearchParams(window.location.search);
    if (params.get("einstellungen") !== "firma") return;
    params.delete("einstellungen");
    const rest = params.toString();
    window.history.replaceState(window.history.state, "", `/invoices${rest ? `?${rest}` : ""}${window.location.hash}`);
    openSettings();
  }, [admin, company.data, openSettings]);
  // `/invoices?kunde=<id>` (the customer page's „Neue Rechnung“) starts the form with that customer.
  useCustomerFromUrl(
    "/invoices",
    useCallback(
      (customer: Customer) =>
        updateDraft((current) => ({
          ...current,
          customerId: customer.id,
          customer: customerBlock(customer),
          buyerReference: customer.leitweg_id ?? current.buyerReference,
        })),
      [updateDraft],
    ),
  );
  const edit = useCallback(
    (invoice: Invoice) => {
      editDraft(invoice.id, formOfInvoice(invoice));
      window.scrollTo({ top: 0, behavior: "smooth" });
    },
    [editDraft],
  );
  return (
    <>
      <ScreenHeader title={invoiceMessages.screenTitle} description={invoiceMessages.screenDescription}>
        <Anchor href="/invoices/auswertung">{invoiceReportMessages.title}</Anchor>
      </ScreenHeader>
      <InvoicingSetupNotice company={company.data} admin={admin} onOpenSettings={settings.open} />
      {admin && (
        <Group justify="flex-end" mb="md">
          <Button variant="default" onClick={settings.open} disabled={!company.data}>
            {invoiceMessages.companyOpen}
          </Button>
          <LazyCompanySettingsDialog company={company.data?.company} opened={settingsOpen} onClose={settings.close} />
        </Group>
      )}
      <Stack gap={48}>
        <InvoiceEditor
          draft={draft}
          editingId={editingId}
          provider={company.data?.provider ?? null}
          updateDraft={updateDraft}
          resetDraft={resetDraft}
        />
        <SavedInvoices onEdit={edit} />
      </Stack>
    </>
  );
}
