/** German texts of "Passwort vergessen?" and the page the mailed link opens. */
export const passwordResetMessages = {
  forgotLink: "Passwort vergessen?",
  forgotTitle: "Passwort vergessen?",
  forgotIntro:
    "Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort wählen.",
  email: "E-Mail",
  send: "Link senden",
  sending: "Wird gesendet...",
  cancel: "Abbrechen",
  // The same answer for every address: whether an account exists is not revealed.
  sentTitle: "E-Mail unterwegs",
  sentText:
    "Wenn zu dieser Adresse ein Konto besteht, haben wir einen Link zum Zurücksetzen gesendet. Er ist 30 Minuten gültig.",
  sendFailed: "Link nicht gesendet",
  resetTitle: "Neues Passwort wählen",
  resetIntro: "Wählen Sie ein neues Passwort für Ihr Konto. Danach endet jede Sitzung Ihres Kontos.",
  newPassword: "Neues Passwort",
  confirmPassword: "Neues Passwort bestätigen",
  submit: "Passwort speichern",
  submitting: "Wird gespeichert...",
  missingToken:
    "Dieser Link ist unvollständig. Bitte öffnen Sie den Link aus der E-Mail oder fordern Sie einen neuen an.",
  resetDone: "Passwort geändert",
  resetDoneText: "Sie können sich jetzt mit Ihrem neuen Passwort anmelden.",
  resetFailed: "Passwort nicht geändert",
  requestNew: "Neuen Link anfordern",
  backToLogin: "Zur Anmeldung",
} as const;
