import { authMessages } from "@klarwerk/kit";
import { AuthProvider, refreshSession, sessionAtom, sessionStore, useAuth } from "@klarwerk/kit/browser";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { AuthCard } from "../components/AuthCard";
import { ForgotPasswordDialog } from "../components/ForgotPasswordDialog";
import { EmailField, PasswordField } from "../components/fields";
import { useShellNavigation } from "../navigation/navigation";
import { useHydrated } from "../public/use-hydrated";
import { notifyError, notifySuccess } from "../toasts/toasts";
import { passwordResetMessages } from "./password-reset-messages";

/** The link on the reset page ("Neuen Link anfordern") comes back with this, to open the dialog. */
const forgotParameter = "passwort-vergessen";

/**
 * The fields as typed, read from the form: they are uncontrolled, so what a visitor typed into the
 * prerendered form before its script ran stays (React would reset a controlled field).
 */
function fieldsOf(form: HTMLFormElement): { email: string; password: string } {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  return { email: text("email"), password: text("password") };
}

function LoginForm() {
  const { user, login } = useAuth();
  const { navigate } = useShellNavigation();
  const [submitting, setSubmitting] = useState(false);
  // The address typed so far, for the dialog: read when it opens.
  const [forgotOpen, setForgotOpen] = useState<{ email: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const ready = useHydrated();
  const signingIn = useRef(false);

  useEffect(() => {
    if (new URLSearchParams(window.location.search).has(forgotParameter)) setForgotOpen({ email: "" });
  }, []);

  // Someone already signed in has nothing to do here. A stored session may be stale, though
  // (ended elsewhere, a locked account): the server is asked first, and meanwhile the form stays
  // usable, so what is typed into it is not thrown away by a trip to the portal and back.
  useEffect(() => {
    if (!user || signingIn.current) return;
    let current = true;
    void refreshSession().then(() => {
      const stillSignedIn = sessionStore.get(sessionAtom).status === "signed-in";
      if (current && stillSignedIn && !signingIn.current) void navigate("/dashboard", { replace: true });
    });
    return () => {
      current = false;
    };
  }, [user, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const { email, password } = fieldsOf(event.currentTarget);
    signingIn.current = true;
    setSubmitting(true);
    const result = await login({ email: email.trim(), password });
    setSubmitting(false);
    if (result.ok) {
      notifySuccess(authMessages.loginSuccess);
      await navigate("/dashboard", { replace: true });
    } else {
      signingIn.current = false;
      // A waiting or locked account hears why (the server's words); a wrong password the spec's text.
      notifyError(authMessages.loginFailedTitle, result.reason ?? authMessages.loginFailedText);
    }
  }

  return (
    <AuthCard
      title="Anmelden"
      intro="Melden Sie sich mit Ihrem Konto im Kundenportal an."
      footer={
        <>
          <p>
            Noch kein Konto? <a href="/register">Jetzt registrieren</a>
          </p>
          <p>
            <a href="/" className="auth-card__quiet">
              ← Zurück zur Startseite
            </a>
          </p>
        </>
      }
    >
      <form ref={form} className="kw-form" onSubmit={onSubmit}>
        <EmailField label="E-Mail" name="email" autoComplete="email" required />
        <PasswordField label="Passwort" name="password" autoComplete="current-password" required />
        <button
          type="button"
          className="kw-link-button auth-card__forgot"
          disabled={!ready}
          onClick={() => setForgotOpen({ email: form.current ? fieldsOf(form.current).email : "" })}
        >
          {passwordResetMessages.forgotLink}
        </button>
        <button
          type="submit"
          className="kw-button kw-button--primary kw-button--lg kw-button--block"
          disabled={!ready || submitting}
        >
          {submitting ? authMessages.loginSubmitting : "Anmelden"}
        </button>
      </form>
      {forgotOpen && <ForgotPasswordDialog onClose={() => setForgotOpen(null)} initialEmail={forgotOpen.email} />}
    </AuthCard>
  );
}

/**
 * /login: prerendered and run on the light public router, without Mantine or the portal's routes
 * (docs/decisions/0036-public-page-budget.md). After a successful sign-in the portal loads; the
 * toast stays on screen across that change.
 */
export function Login() {
  // The auth context only around the page: above a page that is still hydrating, a context
  // change would throw its HTML away (navigation.ts).
  return (
    <AuthProvider>
      <LoginForm />
    </AuthProvider>
  );
}
