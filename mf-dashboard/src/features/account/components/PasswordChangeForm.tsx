import { authMessages, limits, type User } from "@klarwerk/kit";
import { NewPasswordInput } from "@klarwerk/kit/new-password";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, Stack } from "@klarwerk/kit/ui";
import { PasswordInput } from "@klarwerk/kit/ui-extra";
import { type FormEvent, useState } from "react";
import { useChangePassword } from "../api/change-password";
import { accountMessages as messages } from "../messages";

const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * "Passwort ändern": the current password, the new one (with the strength verdict while typing,
 * the check loaded on the field's first focus) and its confirmation. The same client checks as the
 * registration, then the server's rules; it answers in German why it refuses.
 */
export function PasswordChangeForm({ user }: { user: User }) {
  const [values, setValues] = useState(empty);
  const change = useChangePassword({
    onSuccess: () => {
      notifySuccess(messages.changed, messages.changedText);
      setValues(empty);
    },
    onError: (error) => notifyError(messages.changeFailed, error.message),
  });

  const field = (name: keyof typeof empty) => ({
    name,
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (change.isPending) return;
    if (values.newPassword !== values.confirmPassword) {
      notifyError(authMessages.passwordMismatchTitle, authMessages.passwordMismatchText);
      return;
    }
    if (values.newPassword.length < limits.passwordMin) {
      notifyError(authMessages.passwordTooShortTitle, authMessages.passwordTooShortText);
      return;
    }
    change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="md" maw={480}>
        {/* The account's address, so a password manager files the new password under it. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <PasswordInput
          label={messages.currentPassword}
          autoComplete="current-password"
          required
          maxLength={limits.passwordMax}
          {...field("currentPassword")}
        />
        <NewPasswordInput
          label={messages.newPassword}
          required
          owner={{ name: user.name, email: user.email }}
          {...field("newPassword")}
        />
        <PasswordInput
          label={messages.confirmPassword}
          autoComplete="new-password"
          required
          maxLength={limits.passwordMax}
          {...field("confirmPassword")}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {messages.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
