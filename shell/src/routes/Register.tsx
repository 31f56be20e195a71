import { authMessages, limits, ownerSetupParam } from "@klarwerk/kit";
import { AuthProvider, useAuth } from "@klarwerk/kit/browser";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { AuthCard } from "../components/AuthCard";
import { EmailField, PasswordField, TextField } from "../components/fields";
import { NewPasswordField } from "../components/NewPasswordField";
import { useShellNavigation } from "../navigation/navigation";
import { useHydrated } from "../public/use-hydrated";
import { notifyError, notifySuccess } from "../toasts/toasts";

interface Fields {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/**
 * The fields as typed, read from the form: they are uncontrolled, so what a visitor typed into the
 * prerendered form before its script ran stays (React would reset a controlled field).
 */
function fieldsOf(form: HTMLFormElement): Fields {
  const data = new FormData(form);
  const text = (name: keyof Fields) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    email: text("email"),
    password: text("password"),
    confirmPassword: text("confirmPassword"),
  };
}

function RegisterForm() {
  const { register } = useAuth();
  const { navigate } = useShellNavigation();
  const form = useRef<HTMLFormElement>(null);
  // What the strength verdict needs, kept up to date as the visitor types.
  const [typed, setTyped] = useState<Fields>({ name: "", email: "", password: "", confirmPassword: "" });
  const [submitting, setSubmitting] = useState(false);
  const ready = useHydrated();

  // What was typed before the script ran counts for the verdict too.
  useEffect(() => {
    if (form.current) setTyped(fieldsOf(form.current));
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const { name, email, password, confirmPassword } = fieldsOf(event.currentTarget);
    if (password !== confirmPassword) {
      notifyError(authMessages.passwordMismatchTitle, authMessages.passwordMismatchText);
      return;
    }
    if (password.length < limits.passwordMin) {
      notifyError(authMessages.passwordTooShortTitle, authMessages.passwordTooShortText);
      return;
    }
    setSubmitting(true);
    // The owner's first registration comes through the link the server logs, with its set-up code.
    const setupCode = new URLSearchParams(window.location.search).get(ownerSetupParam) ?? undefined;
    const result = await register({
      name: name.trim(),
      email: email.trim(),
      password,
      confirmPassword,
      ...(setupCode ? { setupCode } : {}),
    });
    setSubmitting(false);
    if (result.ok) {
      // Registration does not sign in: the new account logs in on /login, once the team let it in
      // (only the owner, the first account, may at once).
      notifySuccess(
        authMessages.registerSuccess,
        result.access === "granted" ? authMessages.registerGrantedText : authMessages.registerPendingText,
      );
      await navigate("/login");
    } else {
      notifyError(authMessages.registerFailedTitle, result.reason ?? authMessages.registerFailedText);
    }
  }

  return (
    <AuthCard
      title="Konto erstellen"
      intro="Registrieren Sie sich für den Zugang zum Kundenportal."
      footer={
        <p>
          Bereits registriert? <a href="/login">Zum Login</a>
        </p>
      }
    >
      <form
        ref={form}
        className="kw-form"
        onSubmit={onSubmit}
        onChange={(event) => setTyped(fieldsOf(event.currentTarget))}
      >
        <TextField label="Name" name="name" autoComplete="name" required maxLength={limits.nameMax} />
        <EmailField label="E-Mail" name="email" autoComplete="email" required maxLength={limits.emailMax} />
        <NewPasswordField
          label="Passwort"
          name="password"
          owner={{ name: typed.name, email: typed.email }}
          password={typed.password}
        />
        <PasswordField
          label="Passwort bestätigen"
          name="confirmPassword"
          autoComplete="new-password"
          required
          maxLength={limits.passwordMax}
        />
        <p className="auth-card__fineprint">
          Mit der Registrierung akzeptieren Sie unsere <a href="/datenschutz">Nutzungsbedingungen</a> und die{" "}
          <a href="/datenschutz">Datenschutzerklärung</a>.
        </p>
        <button
          type="submit"
          className="kw-button kw-button--primary kw-button--lg kw-button--block"
          disabled={!ready || submitting}
        >
          {submitting ? authMessages.registerSubmitting : "Registrieren"}
        </button>
      </form>
    </AuthCard>
  );
}

/** /register: prerendered and light like /login (see there). */
export function Register() {
  return (
    <AuthProvider>
      <RegisterForm />
    </AuthProvider>
  );
}
