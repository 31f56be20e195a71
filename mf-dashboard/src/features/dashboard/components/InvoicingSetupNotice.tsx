import { companySettingsPath, invoicingSetupMessages as messages } from "@klarwerk/kit";
import { Alert, Anchor, Stack, Text } from "@klarwerk/kit/ui";
import { useInvoicingSetup } from "../api/get-invoicing-setup";

/**
 * For admins, while the company settings lack what invoices or the DATEV export need: what is
 * missing, and a link that opens the settings in the Rechnungstool. Nothing once they are complete.
 */
export function InvoicingSetupNotice({ admin }: { admin: boolean }) {
  const { data: setup } = useInvoicingSetup(admin);
  if (!admin || !setup || (setup.invoicing.length === 0 && setup.datev.length === 0)) return null;
  const title = setup.invoicing.length > 0 ? messages.title : messages.datevTitle;
  return (
    <Alert variant="light" color="yellow" radius="lg" mb="xl" title={title} role="status">
      <Stack gap="xs" align="flex-start">
        {setup.invoicing.length > 0 && <Text size="sm">{messages.adminMissing(setup.invoicing)}</Text>}
        {setup.datev.length > 0 && <Text size="sm">{messages.datevMissing(setup.datev)}</Text>}
        {/* A plain link: the shell's layout routes it in the page, and the settings open there. */}
        <Anchor href={companySettingsPath} size="sm" fw={600} c="inherit" underline="always">
          {setup.invoicing.length > 0 ? messages.adminAction : messages.datevAction}
        </Anchor>
      </Stack>
    </Alert>
  );
}
