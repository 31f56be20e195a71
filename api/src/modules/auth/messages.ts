import { limits } from "@klarwerk/kit";

/** German answers of /api/register and /api/login. */
export const authApiMessages = {
  nameRequired: "Bitte geben Sie Ihren Namen ein.",
  nameTooLong: `Der Name darf höchstens ${limits.nameMax} Zeichen lang sein.`,
  emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
  emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  passwordRequired: "Bitte geben Sie ein Passwort ein.",
  passwordTooShort: `Das Passwort muss mindestens ${limits.passwordMin} Zeichen lang sein.`,
  passwordTooLong: `Das Passwort darf höchstens ${limits.passwordMax} Zeichen lang sein.`,
  confirmPasswordRequired: "Bitte wiederholen Sie das Passwort.",
  passwordMismatch: "Die Passwörter stimmen nicht überein.",
  emailTaken: "Diese E-Mail-Adresse ist bereits registriert.",
  loginPasswordRequired: "Bitte geben Sie Ihr Passwort ein.",
  wrongCredentials: "E-Mail oder Passwort ist falsch.",
  tooManyAttempts: "Zu viele Anmeldeversuche. Bitte versuchen Sie es später erneut.",
} as const;
