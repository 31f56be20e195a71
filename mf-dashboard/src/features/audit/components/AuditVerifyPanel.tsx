import { formatDateTime, auditMessages as messages } from "@klarwerk/kit";
import { Alert, Button, Stack, Text } from "@klarwerk/kit/ui";
import { useVerifyAudit } from "../api/verify-audit";

/**
 * „Protokoll prüfen“: the server recomputes the whole chain; the answer says how many events
 * match, or names the first one that does not and why.
 */
export function AuditVerifyPanel() {
  const verify = useVerifyAudit();
  const result = verify.data;
  const mismatch = result?.first_mismatch ?? null;
  return (
    <Stack gap="sm">
      <div>
        <Button variant="default" onClick={() => verify.mutate()} loading={verify.isPending}>
          {messages.verify}
        </Button>
      </div>
      {verify.error && (
        <Alert color="red" title={messages.verifyFailed} role="alert" radius="md">
          {verify.error.message}
        </Alert>
      )}
      {result && !verify.isPending && (
        <Alert
          color={result.ok ? "teal" : "red"}
          role={result.ok ? "status" : "alert"}
          radius="md"
          title={result.ok || !mismatch ? messages.verifyOk(result.checked) : messages.verifyBroken(mismatch.seq)}
        >
          {mismatch && (
            <Text size="sm">
              {mismatch.occurred_at ? `${formatDateTime(mismatch.occurred_at)}: ` : ""}
              {mismatch.reason}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
