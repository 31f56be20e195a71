import { datevFileName, datevMessages, datevPeriodProblem, lastFullQuarter, todayInGermany } from "@klarwerk/kit";
import { downloadFromApi, useAuth } from "@klarwerk/kit/browser";
import { DownloadIcon } from "@klarwerk/kit/icons";
import { notifyError } from "@klarwerk/kit/portal";
import { Button, Group, TextInput } from "@klarwerk/kit/ui";
import { useState } from "react";

/**
 * „DATEV-Export“ for admins: a period (the last full quarter unless changed) and the button that
 * downloads its Buchungsstapel (`GET /api/invoices/datev`). The server checks the period again,
 * with the Wirtschaftsjahr it knows; its German refusal is shown as it comes.
 */
export function DatevExportButton() {
  const { user } = useAuth();
  const [period, setPeriod] = useState(() => lastFullQuarter(todayInGermany()));
  const [busy, setBusy] = useState(false);
  if (user?.role !== "admin") return null;
  // Only what the browser can know; the Wirtschaftsjahr's start is the server's (month 1 here checks order and dates).
  const problem = datevPeriodProblem(period, 1);
  const reversed = problem === datevMessages.periodReversed;
  const download = async () => {
    if (problem !== null && problem !== datevMessages.periodAcrossFiscalYears) {
      notifyError(datevMessages.exportFailed, problem);
      return;
    }
    setBusy(true);
    try {
      await downloadFromApi("/api/invoices/datev", datevFileName(period), { from: period.from, to: period.to });
    } catch (error) {
      notifyError(datevMessages.exportFailed, error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        type="date"
        label={datevMessages.exportFrom}
        value={period.from}
        onChange={(event) => {
          const from = event.currentTarget.value;
          setPeriod((current) => ({ ...current, from }));
        }}
      />
      <TextInput
        type="date"
        label={datevMessages.exportTo}
        value={period.to}
        error={reversed ? datevMessages.periodReversed : undefined}
        errorProps={{ c: "var(--mantine-color-error)" }}
        onChange={(event) => {
          const to = event.currentTarget.value;
          setPeriod((current) => ({ ...current, to }));
        }}
      />
      <Button leftSection={<DownloadIcon />} loading={busy} onClick={download}>
        {datevMessages.exportButton}
      </Button>
    </Group>
  );
}
