import { authMessages, limits } from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import { NewPasswordInput } from "@klarwerk/kit/new-password";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@klarwerk/kit/ui";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthCard } from "../components/AuthCard";

export function Register() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (password !== confirmPassword) {
      notifyError(authMessages.passwordMismatchTitle, authMessages.passwordMismatchText);
      return;
    }
    if (password.length < limits.passwordMin) {
      notifyError(authMessages.passwordTooShortTitle, authMessages.passwordTooShortText);
      return;
    }
    setSubmitting(true);
    const result = await register({ name: name.trim(), email: email.trim(), password, confirmPassword });
    setSubmitting(false);
    if (result.ok) {
      // Registration does not sign in: the new account logs in on /login, once the team let it in
      // (only the owner, the first account, may at once).
      notifySuccess(
        authMessages.registerSuccess,
        result.access === "granted" ? authMessages.registerGrantedText : authMessages.registerPendingText,
      );
      navigate("/login");
    } else {
      notifyError(authMessages.registerFailedTitle, result.reason ?? authMessages.registerFailedText);
    }
  }

  return (
    <AuthCard
      title="Konto erstellen"
      intro="Registrieren Sie sich für den Zugang zum Kundenportal."
      footer={
        <Text size="sm" ta="center">
          Bereits registriert?{" "}
          <Anchor component={Link} to="/login">
            Zum Login
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <TextInput
            label="Name"
            name="name"
            autoComplete="name"
            required
            maxLength={limits.nameMax}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label="E-Mail"
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={limits.emailMax}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <NewPasswordInput
            label="Passwort"
            name="password"
            required
            owner={{ name, email }}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="Passwort bestätigen"
            name="confirmPassword"
            autoComplete="new-password"
            required
            maxLength={limits.passwordMax}
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
          />
          <Text size="xs" c="dimmed">
            Mit der Registrierung akzeptieren Sie unsere{" "}
            <Anchor component={Link} to="/datenschutz" size="xs">
              Nutzungsbedingungen
            </Anchor>{" "}
            und die{" "}
            <Anchor component={Link} to="/datenschutz" size="xs">
              Datenschutzerklärung
            </Anchor>
            .
          </Text>
          <Button type="submit" fullWidth size="md" disabled={submitting}>
            {submitting ? authMessages.registerSubmitting : "Registrieren"}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
