import { accessMessages, limits, personFieldMessages } from "@klarwerk/kit";

/** German answers of /api/register, /api/login, /api/logout, /api/session and /api/password. */
export const authApiMessages = {
  ...personFieldMessages,
  ...accessMessages,
  passwordRequired: "Bitte geben Sie ein Passwort ein.",
  passwordTooShort: `Das Passwort muss mindestens ${limits.passwordMin} Zeichen lang sein.`,
  passwordTooLong: `Das Passwort darf höchstens ${limits.passwordMax} Zeichen lang sein.`,
  confirmPasswordRequired: "Bitte wiederholen Sie das Passwort.",
  passwordMismatch: "Die Passwörter stimmen nicht überein.",
  loginPasswordRequired: "Bitte geben Sie Ihr Passwort ein.",
  wrongCredentials: "E-Mail oder Passwort ist falsch.",
  tooManyAttempts: "Zu viele Anmeldeversuche. Bitte versuchen Sie es später erneut.",
  currentPasswordRequired: "Bitte geben Sie Ihr aktuelles Passwort ein.",
  currentPasswordWrong: "Das aktuelle Passwort ist falsch.",
  newPasswordRequired: "Bitte geben Sie ein neues Passwort ein.",
  newPasswordUnchanged: "Das neue Passwort muss sich vom aktuellen unterscheiden.",
  tooManyPasswordAttempts: "Zu viele Versuche. Bitte versuchen Sie es später erneut.",
  setupCodeInvalid:
    "Der Einrichtungscode ist ungültig. Bitte verwenden Sie den Link, den der Server beim Start in sein Protokoll schreibt.",
  tooManyRegistrations:
    "Von Ihrem Anschluss kamen in der letzten Stunde zu viele Registrierungen. Bitte versuchen Sie es später erneut.",
} as const;
