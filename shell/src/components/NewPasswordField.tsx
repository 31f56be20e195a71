import { authMessages, limits, passwordStrengthMessages } from "@klarwerk/kit";
import type { PasswordOwner } from "@klarwerk/kit/password-strength";
import { usePasswordStrength } from "@klarwerk/kit/use-password-strength";
import type { ChangeEvent } from "react";
import { PasswordField } from "./fields";

interface NewPasswordFieldProps {
  label: string;
  name: string;
  /** The password as typed, for the verdict. The input itself is uncontrolled. */
  password: string;
  /** Told of every change of the input, where the form does not listen itself. */
  onChange?(event: ChangeEvent<HTMLInputElement>): void;
  /** Whose password it is: one built from their own name or address is refused. */
  owner: PasswordOwner;
}

/**
 * Where someone chooses a password (sign-up, the reset page), with the strength verdict while
 * typing, the API's own check (@klarwerk/kit/use-password-strength). The check loads on the
 * field's first focus or input. Its description (minimum length, then the verdict) is a polite
 * live region, so a screen reader hears the verdict change.
 */
export function NewPasswordField({ label, name, password, onChange, owner }: NewPasswordFieldProps) {
  const { verdict, checking, load } = usePasswordStrength(password, owner);
  return (
    <PasswordField
      label={label}
      name={name}
      required
      autoComplete="new-password"
      maxLength={limits.passwordMax}
      onFocus={load}
      onChange={(event) => {
        load();
        onChange?.(event);
      }}
      liveDescription
      description={
        <>
          {authMessages.passwordHint}
          {checking && ` ${passwordStrengthMessages.checking}`}
          {verdict && (
            <span className={verdict.acceptable ? "kw-verdict kw-verdict--good" : "kw-verdict kw-verdict--weak"}>
              {verdict.acceptable ? passwordStrengthMessages.acceptable : verdict.message}
            </span>
          )}
        </>
      }
    />
  );
}
