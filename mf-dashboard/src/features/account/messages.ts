/** Every German text of "Mein Konto" (/account). */
export const accountMessages = {
  title: "Mein Konto",
  description: "Ihre Angaben und Ihr Passwort.",
  detailsTitle: "Ihre Angaben",
  name: "Name",
  email: "E-Mail",
  role: "Rolle",
  passwordTitle: "Passwort ändern",
  passwordHint: "Danach endet jede andere Sitzung Ihres Kontos, auf allen Geräten; diese bleibt angemeldet.",
  currentPassword: "Aktuelles Passwort",
  newPassword: "Neues Passwort",
  confirmPassword: "Neues Passwort bestätigen",
  submit: "Passwort ändern",
  submitting: "Wird geändert...",
  changed: "Passwort geändert",
  changedText: "Alle anderen Sitzungen Ihres Kontos wurden beendet.",
  changeFailed: "Passwort nicht geändert",
} as const;
