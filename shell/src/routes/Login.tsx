import { authMessages } from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@klarwerk/kit/ui";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { AuthCard } from "../components/AuthCard";
import { ForgotPasswordDialog } from "../components/ForgotPasswordDialog";
import { passwordResetMessages } from "./password-reset-messages";

export function Login() {
  const { user, login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  // "Neuen Link anfordern" on the reset page comes back here with the dialog open.
  const [searchParams] = useSearchParams();
  const [forgotOpen, setForgotOpen] = useState(() => searchParams.has("passwort-vergessen"));

  if (user && !submitting) return <Navigate to="/dashboard" replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setSubmitting(true);
    const result = await login({ email: email.trim(), password });
    setSubmitting(false);
    if (result.ok) {
      notifySuccess(authMessages.loginSuccess);
      navigate("/dashboard", { replace: true });
    } else {
      // A waiting or locked account hears why (the server's words); a wrong password the spec's text.
      notifyError(authMessages.loginFailedTitle, result.reason ?? authMessages.loginFailedText);
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
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setForgotOpen(true)}
            style={{ alignSelf: "flex-end" }}
          >
            {passwordResetMessages.forgotLink}
          </Anchor>
          <Button type="submit" fullWidth size="md" disabled={submitting}>
            {submitting ? authMessages.loginSubmitting : "Anmelden"}
          </Button>
        </Stack>
      </form>
      <ForgotPasswordDialog opened={forgotOpen} onClose={() => setForgotOpen(false)} initialEmail={email} />
    </AuthCard>
  );
}
