import {
  type CompanyAnswer,
  companySettingsPath,
  invoicingSetupMessages as messages,
  missingDatevDetails,
  missingInvoicingDetails,
} from "@klarwerk/kit";
import { Alert, Anchor, Button, Stack, Text } from "@klarwerk/kit/ui";
import { useDatevSettings } from "../api/datev-settings";

/**
 * Above the invoice form while the company settings lack what an invoice needs: admins read what
 * is missing and open the settings from here; staff read what is missing and who may complete it,
 * before they type an invoice that „Rechnung speichern“ would refuse.
 */
export function InvoicingSetupNotice({
  company,
  admin,
  onOpenSettings,
}: {
  company: CompanyAnswer | undefined;
  admin: boolean;
  onOpenSettings: () => void;
}) {
  const missing = company ? missingInvoicingDetails(company.company) : [];
  if (!company || missing.length === 0) return null;
  return (
    <Alert variant="light" color="yellow" radius="lg" mb="xl" title={messages.title} role="status">
      <Stack gap="xs" align="flex-start">
        {admin ? (
          <>
            <Text size="sm">{messages.adminMissing(missing)}</Text>
            <Button variant="default" size="compact-sm" onClick={onOpenSettings}>
              {messages.adminAction}
            </Button>
          </>
        ) : (
          <>
            <Text size="sm">{messages.staffMissing(missing)}</Text>
            <Text size="sm">{messages.staffWho(company.admins)}</Text>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** On the Auswertung, for admins, while the DATEV export lacks the Steuerberater's numbers. */
export function DatevSetupNotice() {
  const datev = useDatevSettings(true);
  const missing = datev.data ? missingDatevDetails(datev.data.datev) : [];
  if (missing.length === 0) return null;
  return (
    <Alert variant="light" color="yellow" radius="lg" mb="xl" title={messages.datevTitle} role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{messages.datevMissing(missing)}</Text>
        {/* A plain link: the shell's layout routes it in the page, and the settings open there. */}
        <Anchor href={companySettingsPath} size="sm" fw={600} c="inherit" underline="always">
          {messages.datevAction}
        </Anchor>
      </Stack>
    </Alert>
  );
}
