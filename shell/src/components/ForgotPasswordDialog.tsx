import { limits } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { passwordResetMessages as messages } from "../routes/password-reset-messages";
import { notifyError, notifySuccess } from "../toasts/toasts";
import { EmailField } from "./fields";

interface ForgotPasswordDialogProps {
  onClose: () => void;
  /** The address typed on the login form, if any. */
  initialEmail?: string;
}

/**
 * "Passwort vergessen?": asks for a reset link; the answer is the same for every address. Rendered
 * only while open. The native modal `<dialog>` keeps focus inside, makes the page behind it inert
 * and closes on Escape.
 */
export function ForgotPasswordDialog({ onClose, initialEmail = "" }: ForgotPasswordDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setSending(true);
    try {
      await callApi("POST /api/password-reset", { json: { email: email.trim() } });
      notifySuccess(messages.sentTitle, messages.sentText);
      dialog.current?.close();
    } catch (error) {
      notifyError(messages.sendFailed, error instanceof Error ? error.message : undefined);
    } finally {
      setSending(false);
    }
  }

  return (
    <dialog ref={dialog} className="kw-dialog" aria-labelledby={titleId} onClose={onClose}>
      <form onSubmit={onSubmit} className="kw-form">
        <h2 id={titleId} className="kw-dialog__title">
          {messages.forgotTitle}
        </h2>
        <p className="kw-dialog__text">{messages.forgotIntro}</p>
        <EmailField
          label={messages.email}
          name="email"
          autoComplete="email"
          required
          // The dialog opened for this one field: showModal() focuses it.
          autoFocus
          maxLength={limits.emailMax}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <div className="kw-dialog__actions">
          <button type="button" className="kw-button kw-button--ghost" onClick={() => dialog.current?.close()}>
            {messages.cancel}
          </button>
          <button type="submit" className="kw-button kw-button--primary" disabled={sending}>
            {sending ? messages.sending : messages.send}
          </button>
        </div>
      </form>
    </dialog>
  );
}
