import { Icon } from "@klarwerk/kit/icons";
import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import { useHydrated } from "../public/use-hydrated";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: string;
  /** Below the field, named by the input's `aria-describedby`. */
  description?: ReactNode;
  /** The description changes while typing (a verdict): a polite live region, so it is heard. */
  liveDescription?: boolean;
}

/** What the frame gives the input it wraps: its id, class and description link. */
interface InputWiring {
  id: string;
  className: string;
  "aria-describedby": string | undefined;
}

/** Label, required mark and description around one input, wired by ids. */
function FieldFrame({
  label,
  required,
  description,
  liveDescription,
  children,
}: Pick<FieldProps, "label" | "required" | "description" | "liveDescription"> & {
  children: (wiring: InputWiring) => ReactNode;
}) {
  const id = useId();
  const descriptionId = `${id}-description`;
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
      {children({
        id,
        className: "kw-field__input",
        "aria-describedby": description !== undefined ? descriptionId : undefined,
      })}
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
  return (
    <FieldFrame label={label} required={input.required} description={description} liveDescription={liveDescription}>
      {(wiring) => <input type={type} {...wiring} {...input} />}
    </FieldFrame>
  );
}

/**
 * An e-mail address: a text field with the phone's e-mail keyboard, not `type="email"`, which
 * made Chromium refuse addresses with umlauts before the "@" (`Jürgen.Müller@example.de`) that
 * the API accepts; the server judges the address and answers in German.
 */
export function EmailField(input: Omit<FieldProps, "inputMode">) {
  return <TextField inputMode="email" autoCapitalize="none" spellCheck={false} {...input} />;
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordField({ label, description, liveDescription, ...input }: FieldProps) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <FieldFrame label={label} required={input.required} description={description} liveDescription={liveDescription}>
      {(wiring) => (
        <div className="kw-field__password">
          <input type={visible ? "text" : "password"} {...wiring} {...input} />
          <button
            type="button"
            className="kw-field__reveal"
            aria-label="Passwort anzeigen oder verbergen"
            aria-pressed={visible}
            disabled={!hydrated}
            onClick={() => setVisible((value) => !value)}
          >
            <Icon size={18}>
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {visible && <path d="M4 4l16 16" />}
            </Icon>
          </button>
        </div>
      )}
    </FieldFrame>
  );
}
