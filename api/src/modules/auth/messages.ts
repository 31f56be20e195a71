import { limits, personFieldMessages } from "@klarwerk/kit";

/** German answers of /api/register and /api/login. */
export const authApiMessages = {
  ...personFieldMessages,
  passwordRequired: "Bitte geben Sie ein Passwort ein.",
  passwordTooShort: `Das Passwort muss mindestens ${limits.passwordMin} Zeichen lang sein.`,
  passwordTooLong: `Das Passwort darf höchstens ${limits.passwordMax} Zeichen lang sein.`,
  confirmPasswordRequired: "Bitte wiederholen Sie das Passwort.",
  passwordMismatch: "Die Passwörter stimmen nicht überein.",
  emailTaken: "Diese E-Mail-Adresse ist bereits registriert.",
  loginPasswordRequired: "Bitte geben Sie Ihr Passwort ein.",
  wrongCredentials: "E-Mail oder Passwort ist falsch.",
  tooManyAttempts: "Zu viele Anmeldeversuche. Bitte versuchen Sie es später erneut.",
  tooManyRegistrations:
    "Von Ihrem Anschluss kamen in der letzten Stunde zu viele Registrierungen. Bitte versuchen Sie es später erneut.",
} as const;
