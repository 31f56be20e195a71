import { sendingUiMessages } from "./sending-messages";

/** The „Per E-Mail senden“ dialog's German words (loaded with the dialog). */
export const sendDialogMessages = {
  sendAction: "Senden",
  dialogTitle: (title: string) => `${sendingUiMessages.send}: ${title}`,
  recipients: "Empfänger",
  recipientsHint: "Mehrere Adressen mit Komma trennen.",
  subject: "Betreff",
  text: "Text",
  attachments: "Anhänge",
  attachXml: "XRechnung (XML) mitsenden",
  attachXmlHint: "Für öffentliche Auftraggeber mit Leitweg-ID vorausgewählt.",
  sent: "Die E-Mail wurde in den Postausgang gelegt und wird gesendet.",
  sendFailed: "Die E-Mail konnte nicht gesendet werden",
  loading: "Wird geladen …",
  abort: "Abbrechen",
  close: "Schließen",
} as const;
