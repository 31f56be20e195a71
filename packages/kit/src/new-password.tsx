/**
 * The portal's field where someone chooses a password ("Passwort ändern"), with the verdict of
 * `@klarwerk/kit/password-strength` while typing (./use-password-strength). Bundled into each app
 * that imports it (like `@klarwerk/kit/screen-header`).
 */
import { Text } from "@klarwerk/kit/ui";
import { PasswordInput, type PasswordInputProps } from "@klarwerk/kit/ui-extra";
import { authMessages, passwordStrengthMessages } from "./messages";
import type { PasswordOwner } from "./password-strength";
import { limits } from "./rules";
import { type PasswordStrength, usePasswordStrength } from "./use-password-strength";

/** The field's description: the minimum length, then the verdict. */
function PasswordStrengthHint({ verdict, checking }: Pick<PasswordStrength, "verdict" | "checking">) {
  return (
    <>
      {authMessages.passwordHint}
      {checking && ` ${passwordStrengthMessages.checking}`}
      {verdict && (
        <Text
          span
          inherit
          display="block"
          mt={4}
          fw={500}
          c={
            verdict.acceptable
              ? "light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))"
              : "var(--mantine-color-error)"
          }
        >
          {verdict.acceptable ? passwordStrengthMessages.acceptable : verdict.message}
        </Text>
      )}
    </>
  );
}

export interface NewPasswordInputProps extends Omit<PasswordInputProps, "description" | "descriptionProps"> {
  value: string;
  /** Whose password it is: one built from their own name or address is refused. */
  owner: PasswordOwner;
}

/**
 * Mantine's `PasswordInput` with the strength verdict as its description. The description is a
 * polite live region, so a screen reader hears the verdict change; the input names it in its
 * `aria-describedby`.
 */
export function NewPasswordInput({ owner, value, onFocus, onChange, ...props }: NewPasswordInputProps) {
  const { verdict, checking, load } = usePasswordStrength(value, owner);
  return (
    <PasswordInput
      maxLength={limits.passwordMax}
      autoComplete="new-password"
      {...props}
      value={value}
      onFocus={(event) => {
        load();
        onFocus?.(event);
      }}
      onChange={(event) => {
        load();
        onChange?.(event);
      }}
      description={<PasswordStrengthHint verdict={verdict} checking={checking} />}
      descriptionProps={{ "aria-live": "polite" }}
    />
  );
}
