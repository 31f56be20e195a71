import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import { useHydrated } from "../public/useHydrated";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: string;
  /** Below the field, named by the input's `aria-describedby`. */
  description?: ReactNode;
  /** The description changes while typing (a verdict): a polite live region, so it is heard. */
  liveDescription?: boolean;
}

function FieldFrame({
  id,
  label,
  required,
  description,
  descriptionId,
  liveDescription,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  description?: ReactNode;
  descriptionId: string;
  liveDescription?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="kw-field">
      <label htmlFor={id} className="kw-field__label">
        {label}
        {required && (
          <span className="kw-field__required" aria-hidden="true">
            {" *"}
          </span>
        )}
      </label>
      {children}
      {description !== undefined && (
        <div id={descriptionId} className="kw-field__description" aria-live={liveDescription ? "polite" : undefined}>
          {description}
        </div>
      )}
    </div>
  );
}

/**
 * A labelled input of the shell's light forms (sign-in, sign-up, password reset): plain HTML and
 * the layout's CSS, no UI library, so the page renders on the server and weighs little.
 */
export function TextField({
  label,
  description,
  liveDescription,
  type = "text",
  ...input
}: FieldProps & { type?: string }) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <FieldFrame
      id={id}
      label={label}
      required={input.required}
      description={description}
      descriptionId={descriptionId}
      liveDescription={liveDescription}
    >
      <input
        id={id}
        type={type}
        className="kw-field__input"
        aria-describedby={description !== undefined ? descriptionId : undefined}
        {...input}
      />
    </FieldFrame>
  );
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordField({ label, description, liveDescription, ...input }: FieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <FieldFrame
      id={id}
      label={label}
      required={input.required}
      description={description}
      descriptionId={descriptionId}
      liveDescription={liveDescription}
    >
      <div className="kw-field__password">
        <input
          id={id}
          type={visible ? "text" : "password"}
          className="kw-field__input"
          aria-describedby={description !== undefined ? descriptionId : undefined}
          {...input}
        />
        <button
          type="button"
          className="kw-field__reveal"
          aria-label="Passwort anzeigen oder verbergen"
          aria-pressed={visible}
          disabled={!hydrated}
          onClick={() => setVisible((value) => !value)}
        >
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M4 4l16 16" />}
          </svg>
        </button>
      </div>
    </FieldFrame>
  );
}
