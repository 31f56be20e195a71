/**
 * The template editor's German words (in the Firmeneinstellungen), apart from the sending screens'
 * so that they load with the editor only (the invoice list stays within its 40 KB).
 */
import { sendDialogMessages } from "../../shared/send-dialog-messages";

export const mailTemplateMessages = {
  subject: sendDialogMessages.subject,
  text: sendDialogMessages.text,
  templatesTitle: "E-Mail-Vorlagen",
  templatesIntro:
    "Betreff und Text, mit denen „Per E-Mail senden“ beginnt (bei Mahnungen: die E-Mail an den Kunden). Bis Sie eine Vorlage speichern, gilt die vorgegebene.",
  templateKind: "Vorlage für",
  templateFor: (label: string) => `E-Mail-Vorlage: ${label}`,
  placeholders: "Platzhalter, die beim Senden ersetzt werden:",
  templatesSave: "Vorlage speichern",
  templateSaved: (label: string) => `Die E-Mail-Vorlage „${label}“ wurde gespeichert.`,
  templatesFailed: "Die Vorlage konnte nicht gespeichert werden",
} as const;
