/** German reasons admins read on the Postausgang screen when a mail could not go out. */
export const mailDeliveryMessages = {
  starttlsMissing: "Der Mailserver bietet kein STARTTLS an; ohne Verschlüsselung wird nicht gesendet.",
} as const;
