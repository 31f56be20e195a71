import { t } from "elysia";
import { httpMessages } from "../../http/messages.ts";
import { passwordResetApiMessages as messages } from "./messages.ts";

export const resetRequestBody = t.Object(
  { email: t.String({ error: messages.emailRequired }) },
  { error: httpMessages.notJsonObject },
);

export const resetConfirmBody = t.Object(
  {
    token: t.String({ error: messages.tokenInvalid }),
    newPassword: t.String({ error: messages.newPasswordRequired }),
  },
  { error: httpMessages.notJsonObject },
);
