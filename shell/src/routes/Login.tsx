import { authMessages } from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { AuthCard } from "../components/AuthCard";

export function Login() {
  const { user, login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);

  if (user && !submitting) return <Navigate to="/dashboard" replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setSubmitting(true);
    const ok = await login({ email: email.trim(), password });
    setSubmitting(false);
    if (ok) {
      notifySuccess(authMessages.loginSuccess);
      navigate("/dashboard", { replace: true });
    } else {
      notifyError(authMessages.loginFailedTitle, authMessages.loginFailedText);
    }
  }

  return (
    <AuthCard
      title="Anmelden"
      intro="Melden Sie sich mit Ihrem Konto im Kundenportal an."
      footer={
        <Stack gap={4} align="center">
          <Text size="sm">
            Noch kein Konto?{" "}
            <Anchor component={Link} to="/register">
              Jetzt registrieren
            </Anchor>
          </Text>
          <Anchor component={Link} to="/" size="sm" c="dimmed">
            ← Zurück zur Startseite
          </Anchor>
        </Stack>
      }
    >
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <TextInput
            label="E-Mail"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Passwort"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" fullWidth size="md" disabled={submitting}>
            {submitting ? authMessages.loginSubmitting : "Anmelden"}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
