import { authMessages, limits } from "@klarwerk/kit";
import { ApiError, callApi } from "@klarwerk/kit/browser";
import { type FormEvent, useId, useState } from "react";
import { AuthCard } from "../components/AuthCard";
import { PasswordField } from "../components/fields";
import { NewPasswordField } from "../components/NewPasswordField";
import { useShellNavigation } from "../navigation/navigation";
import { notifyError, notifySuccess } from "../toasts/toasts";
import { passwordResetMessages as messages } from "./password-reset-messages";

/** The answers that mean the link cannot work any more: unknown, used or expired. */
const deadLinkCodes: ReadonlySet<ApiError["code"]> = new Set([
  "reset-link-invalid",
  "reset-link-used",
  "reset-link-expired",
]);

/**
 * The page the reset mail links to (`/passwort-zuruecksetzen?token=...`): a new password by the
 * registration rules, with the same strength verdict. A link that is unknown, expired or used is
 * told in the server's words, with the way to a new one. Built from the same light
 * pieces as /login, so its toast outlives the change to /login.
 */
export function PasswordReset() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get("token") ?? "");
  const { navigate } = useShellNavigation();
  const problemId = useId();
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
      await callApi("POST /api/password-reset/confirm", { json: { token, newPassword: password } });
      notifySuccess(messages.resetDone, messages.resetDoneText);
      await navigate("/login", { replace: true });
    } catch (error) {
      // A link that cannot work any more replaces the form; anything else (the password rules, the
      // network) is a toast, and the form stays for another try.
      if (error instanceof ApiError && deadLinkCodes.has(error.code)) setLinkProblem(error.message);
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
        <p>
          <a href="/login">{messages.backToLogin}</a>
        </p>
      }
    >
      {linkProblem ? (
        <div className="kw-alert" role="alert" aria-labelledby={problemId}>
          <p id={problemId} className="kw-alert__title">
            {messages.resetFailed}
          </p>
          <p className="kw-alert__text">{linkProblem}</p>
          <a href="/login?passwort-vergessen">{messages.requestNew}</a>
        </div>
      ) : (
        <form className="kw-form" onSubmit={onSubmit}>
          <NewPasswordField
            label={messages.newPassword}
            name="newPassword"
            owner={{}}
            password={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordField
            label={messages.confirmPassword}
            name="confirmPassword"
            autoComplete="new-password"
            required
            maxLength={limits.passwordMax}
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
          />
          <button
            type="submit"
            className="kw-button kw-button--primary kw-button--lg kw-button--block"
            disabled={submitting}
          >
            {submitting ? messages.submitting : messages.submit}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
