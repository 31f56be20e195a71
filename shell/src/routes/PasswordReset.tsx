import { authMessages, limits } from "@klarwerk/kit";
import { ApiError, apiFetch } from "@klarwerk/kit/browser";
import { NewPasswordInput } from "@klarwerk/kit/new-password";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Alert, Anchor, Button, PasswordInput, Stack } from "@klarwerk/kit/ui";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthCard } from "../components/AuthCard";
import { passwordResetMessages as messages } from "./password-reset-messages";

/**
 * The page the reset mail links to (`/passwort-zuruecksetzen?token=...`): a new password by the
 * registration rules, with the same strength verdict. A link that is unknown (400), expired or
 * used (410) is told in the server's words, with the way to a new one.
 */
export function PasswordReset() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : messages.missingToken);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (password !== confirmPassword) {
      notifyError(authMessages.passwordMismatchTitle, authMessages.passwordMismatchText);
      return;
    }
    setSubmitting(true);
    try {
      await apiFetch("/api/password-reset/confirm", { method: "POST", json: { token, newPassword: password } });
      notifySuccess(messages.resetDone, messages.resetDoneText);
      navigate("/login", { replace: true });
    } catch (error) {
      // A link that cannot work any more replaces the form; anything else (the password rules, the
      // network) is a toast, and the form stays for another try.
      if (error instanceof ApiError && (error.status === 400 || error.status === 410)) setLinkProblem(error.message);
      else notifyError(messages.resetFailed, error instanceof Error ? error.message : undefined);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title={messages.resetTitle}
      intro={messages.resetIntro}
      footer={
        <Anchor component={Link} to="/login" size="sm">
          {messages.backToLogin}
        </Anchor>
      }
    >
      {linkProblem ? (
        <Alert color="red" title={messages.resetFailed} role="alert">
          <Stack gap="xs" align="flex-start">
            {linkProblem}
            <Anchor component={Link} to="/login?passwort-vergessen" size="sm">
              {messages.requestNew}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={onSubmit}>
          <Stack gap="md">
            <NewPasswordInput
              label={messages.newPassword}
              name="newPassword"
              required
              owner={{}}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <PasswordInput
              label={messages.confirmPassword}
              name="confirmPassword"
              autoComplete="new-password"
              required
              maxLength={limits.passwordMax}
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            />
            <Button type="submit" fullWidth size="md" disabled={submitting}>
              {submitting ? messages.submitting : messages.submit}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
