import { personFieldMessages } from "@klarwerk/kit";
import { authApiMessages } from "../auth/index.ts";

/** German answers of /api/password-reset ("Passwort vergessen?"). */
export const passwordResetApiMessages = {
  emailRequired: personFieldMessages.emailRequired,
  emailInvalid: personFieldMessages.emailInvalid,
  newPasswordRequired: authApiMessages.newPasswordRequired,
  tooManyRequests: "Zu viele Anfragen. Bitte versuchen Sie es später erneut.",
  tokenInvalid: "Dieser Link zum Zurücksetzen des Passworts ist ungültig. Bitte fordern Sie einen neuen an.",
  tokenExpired: "Dieser Link zum Zurücksetzen des Passworts ist abgelaufen. Bitte fordern Sie einen neuen an.",
  tokenUsed:
    "Dieser Link zum Zurücksetzen des Passworts wurde bereits verwendet. Bitte fordern Sie bei Bedarf einen neuen an.",
} as const;
