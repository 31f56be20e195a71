import { limits } from "./rules";

/** Every German sentence the browser shows for auth and shared states; the spec fixes the wording. */
export const authMessages = {
  loadingUser: "Lade Benutzerdaten...",
  loginSubmitting: "Wird angemeldet...",
  registerSubmitting: "Wird registriert...",
  loginSuccess: "Erfolgreich eingeloggt!",
  loginFailedTitle: "Login fehlgeschlagen",
  loginFailedText: "Bitte überprüfen Sie Ihre Zugangsdaten.",
  registerSuccess: "Registrierung erfolgreich!",
  registerFailedTitle: "Registrierung fehlgeschlagen",
  registerFailedText: "Bitte versuchen Sie es erneut.",
  passwordMismatchTitle: "Passwörter stimmen nicht überein",
  passwordMismatchText: "Bitte überprüfen Sie Ihre Passworteingabe.",
  passwordTooShortTitle: "Passwort zu kurz",
  passwordTooShortText: "Das Passwort muss mindestens 6 Zeichen lang sein.",
  useAuthOutsideProvider: "useAuth must be used within an AuthProvider",
} as const;

export const appMessages = {
  notFound: "Oops! Page not found",
  routerError: "Unexpected Application Error!",
  remoteFailed: "Dieser Bereich konnte nicht geladen werden.",
  remoteFailedHint: "Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  retry: "Erneut versuchen",
  networkError: "Der Server ist nicht erreichbar. Bitte versuchen Sie es später erneut.",
} as const;

/**
 * Name and e-mail are asked for by several forms (sign-up, contact, customers): one wording for
 * all, in browser and API alike.
 */
export const personFieldMessages = {
  nameRequired: "Bitte geben Sie Ihren Namen ein.",
  nameTooLong: `Der Name darf höchstens ${limits.nameMax} Zeichen lang sein.`,
  emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
  emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
} as const;
