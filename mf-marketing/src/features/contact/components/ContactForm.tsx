import { type ContactSubmission, contactControlCharacterProblem, contactHoneypotField, limits } from "@klarwerk/kit";
import { ApiError } from "@klarwerk/kit/browser";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { sendContactRequest } from "../api/send-contact-request";
import { contactFormMessages as messages } from "../messages";

export interface ContactResult {
  ok: boolean;
  /** The server's message, or the fallback, when not ok. */
  message?: string;
}

function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.fromServer && error.message ? error.message : messages.failedFallback;
}

/** Label, required mark and the input itself, named exactly by `label`. */
function Field({
  label,
  required = false,
  hint,
  children,
}: {
  label: string;
  required?: boolean;
  hint?: string;
  children: (ids: { id: string; hintId?: string }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="mk-field">
      <div className="mk-field__label-row">
        <label htmlFor={id} className="mk-field__label">
          {label}
        </label>
        {required ? (
          <span className="mk-field__required" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="mk-field__optional">optional</span>
        )}
      </div>
      {children({ id, hintId })}
      {hint && (
        <p id={hintId} className="mk-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The form's fields as the API expects them, read from the form itself. */
function submissionOf(form: HTMLFormElement): ContactSubmission {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    email: text("email"),
    company: text("company"),
    message: text("message"),
    [contactHoneypotField]: text(contactHoneypotField),
  };
}

/**
 * The contact form: name, e-mail and message required. Before sending it applies the kit's
 * control-character rule (the API's own, with its German message); the address is checked by the
 * server only, which takes every address a visitor has (a `type="email"` field let Chromium refuse
 * umlauts before the "@" that the API accepts). While sending the button reads "Wird gesendet..." and is
 * disabled; success clears the form.
 *
 * The fields are uncontrolled, so whatever a visitor types into the prerendered form before the
 * page's script has started is kept and sent. The button is enabled once the script runs: a press
 * earlier would submit the form the old way, without the script.
 */
export function ContactForm({ onResult }: { onResult(result: ContactResult): void }) {
  const [ready, setReady] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => setReady(true), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const submission = submissionOf(form);
    const problem = contactControlCharacterProblem(submission);
    if (problem !== null) {
      onResult({ ok: false, message: problem });
      return;
    }
    setSending(true);
    try {
      await sendContactRequest(submission);
      form.reset();
      onResult({ ok: true });
    } catch (error) {
      onResult({ ok: false, message: failureMessage(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="mk-form" onSubmit={onSubmit} aria-busy={sending}>
      <div className="mk-form__row">
        <Field label="Name" required>
          {({ id }) => <input id={id} name="name" autoComplete="name" required maxLength={limits.nameMax} />}
        </Field>
        <Field label="E-Mail" required>
          {({ id }) => (
            <input
              id={id}
              name="email"
              type="text"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={limits.emailMax}
            />
          )}
        </Field>
      </div>
      <Field label="Unternehmen">
        {({ id }) => <input id={id} name="company" autoComplete="organization" maxLength={limits.companyMax} />}
      </Field>
      <Field label="Nachricht" required hint={`Worum geht es? Höchstens ${limits.messageMax} Zeichen.`}>
        {({ id, hintId }) => (
          <textarea id={id} name="message" required rows={6} maxLength={limits.messageMax} aria-describedby={hintId} />
        )}
      </Field>
      {/* People never see this field; bots that fill in everything do. */}
      <div className="mk-form__trap" aria-hidden="true">
        <label>
          Bitte leer lassen
          <input name={contactHoneypotField} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <p className="mk-form__privacy">
        Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu beantworten. Mehr dazu in unserer{" "}
        <a href="/datenschutz">Datenschutzerklärung</a>.
      </p>
      <button
        type="submit"
        className="kw-button kw-button--primary kw-button--lg mk-form__submit"
        disabled={!ready || sending}
      >
        {sending ? messages.sending : messages.submit}
      </button>
    </form>
  );
}
