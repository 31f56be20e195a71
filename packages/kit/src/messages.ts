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
  /** Under "Registrierung erfolgreich!": every registration but the owner's waits for the team. */
  registerPendingText: "Unser Team prüft Ihre Anfrage und schaltet Ihren Zugang frei. Danach können Sie sich anmelden.",
  /** Under "Registrierung erfolgreich!" for the owner, the first account (`access: "granted"`). */
  registerGrantedText: "Ihr Konto ist freigeschaltet. Sie können sich jetzt anmelden.",
  registerFailedTitle: "Registrierung fehlgeschlagen",
  registerFailedText: "Bitte versuchen Sie es erneut.",
  passwordMismatchTitle: "Passwörter stimmen nicht überein",
  passwordMismatchText: "Bitte überprüfen Sie Ihre Passworteingabe.",
  passwordTooShortTitle: "Passwort zu kurz",
  passwordTooShortText: "Das Passwort muss mindestens 6 Zeichen lang sein.",
  /** Under every field that sets a new password. */
  passwordHint: `Mindestens ${limits.passwordMin} Zeichen.`,
  useAuthOutsideProvider: "useAuth must be used within an AuthProvider",
} as const;

export const appMessages = {
  notFound: "Oops! Page not found",
  routerError: "Unexpected Application Error!",
  remoteFailed: "Dieser Bereich konnte nicht geladen werden.",
  remoteFailedHint: "Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  retry: "Erneut versuchen",
  networkError: "Der Server ist nicht erreichbar. Bitte versuchen Sie es später erneut.",
  /** A signed-in account without the admin role on an admin screen (/users). */
  adminOnlyTitle: "Kein Zugriff",
  adminOnlyText: "Diese Seite steht nur Administratorinnen und Administratoren zur Verfügung.",
  backToDashboard: "Zum Dashboard",
} as const;

/** Why a login with the right password is refused (403): the API sends them, the login page shows them. */
export const accessMessages = {
  pending: "Ihr Zugang wurde noch nicht freigegeben.",
  disabled: "Ihr Zugang ist gesperrt.",
} as const;

/**
 * Why a password is too easy to guess (`@klarwerk/kit/password-strength`): the API refuses it
 * with one of these, and the registration form shows the same verdict while typing. The keys are
 * the warnings zxcvbn names, plus `personal` for the user's own name or e-mail address.
 */
export const passwordStrengthMessages = {
  reasons: {
    common: "Dieses Passwort gehört zu den am häufigsten verwendeten Passwörtern.",
    similarToCommon: "Dieses Passwort ähnelt einem der am häufigsten verwendeten Passwörter.",
    keyboard: "Dieses Passwort ist eine Tastenfolge der Tastatur (wie „qwertz“).",
    repeat: "Dieses Passwort wiederholt nur Zeichen (wie „aaaaaa“ oder „abcabc“).",
    sequence: "Dieses Passwort ist eine einfache Folge (wie „abcdef“ oder „123456“).",
    date: "Dieses Passwort besteht vor allem aus einem Datum oder einer Jahreszahl.",
    singleWord: "Ein einzelnes Wort ist leicht zu erraten.",
    names: "Namen allein sind leicht zu erraten.",
    personal: "Dieses Passwort enthält Ihren Namen oder Ihre E-Mail-Adresse.",
    tooSimple: "Dieses Passwort ist zu leicht zu erraten.",
  },
  advice: "Wählen Sie ein längeres Passwort, zum Beispiel aus mehreren Wörtern, die nicht zusammengehören.",
  /** The verdict while typing, when the password would be accepted. */
  acceptable: "Dieses Passwort ist schwer zu erraten.",
  /** While the check itself (its dictionaries) loads. */
  checking: "Die Passwortprüfung wird geladen …",
} as const;
