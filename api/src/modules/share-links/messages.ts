import {
  formatSizeLimit,
  shareLinkDownloadLimitMax,
  shareLinkLabelMax,
  shareLinkMaxDays,
  shareLinkPasswordMax,
  shareLinkPasswordMin,
  shareZipMaxBytes,
  shareZipMaxFiles,
} from "@klarwerk/kit";

/** German answers of /api/share-links (JSON). */
export const shareLinksApiMessages = {
  invalidId: "Die Nummer der Freigabe ist ungültig.",
  notFound: "Diese Freigabe gibt es nicht.",
  targetNotFound: "Die Datei oder der Ordner existiert nicht.",
  invalidTarget: "Bitte geben Sie an, ob eine Datei oder ein Ordner freigegeben wird.",
  invalidTargetId: "Die Nummer der Datei oder des Ordners ist ungültig.",
  invalidDays: `Die Gültigkeit muss zwischen 1 und ${shareLinkMaxDays} Tagen liegen.`,
  invalidPassword: `Das Passwort muss zwischen ${shareLinkPasswordMin} und ${shareLinkPasswordMax} Zeichen lang sein.`,
  invalidLimit: `Das Download-Limit muss zwischen 1 und ${shareLinkDownloadLimitMax} liegen.`,
  invalidLabel: `Die Bezeichnung darf höchstens ${shareLinkLabelMax} Zeichen lang sein und keine Steuerzeichen enthalten.`,
  invalidNotify: "Ob Sie bei der ersten Öffnung benachrichtigt werden, ist mit Ja oder Nein anzugeben.",
  daysOverMax: (maxDays: number) =>
    `Neue Freigaben gelten höchstens ${maxDays} ${maxDays === 1 ? "Tag" : "Tage"} (von der Verwaltung festgelegt).`,
  invalidMaxDays: `Die höchste Gültigkeit muss eine ganze Zahl zwischen 1 und ${shareLinkMaxDays} Tagen sein.`,
} as const;

/** The client's page at /s/<token> (HTML): titles and texts. */
export const sharePageMessages = {
  fileTitle: "Freigegebene Datei",
  folderTitle: "Freigegebener Ordner",
  validUntil: (date: string) => `Verfügbar bis ${date}`,
  downloadsLeft: (left: number) => (left === 1 ? "Noch 1 Download möglich." : `Noch ${left} Downloads möglich.`),
  download: "Herunterladen",
  downloadZip: "Alle Dateien als ZIP herunterladen",
  emptyFolder: "Dieser Ordner enthält zurzeit keine Dateien.",
  fileColumn: "Datei",
  sizeColumn: "Größe",
  passwordHeading: "Diese Freigabe ist durch ein Passwort geschützt.",
  passwordLabel: "Passwort",
  passwordSubmit: "Öffnen",
  passwordWrong: "Das Passwort ist nicht richtig. Bitte versuchen Sie es erneut.",
  passwordLimited: (minutes: number) =>
    `Zu viele falsche Versuche. Bitte versuchen Sie es in ${minutes} ${minutes === 1 ? "Minute" : "Minuten"} erneut.`,
  notFoundTitle: "Freigabe nicht gefunden",
  notFound:
    "Diesen Link gibt es nicht. Bitte prüfen Sie, ob Sie ihn vollständig kopiert haben, oder fragen Sie die Person, die ihn Ihnen geschickt hat.",
  goneTitle: "Freigabe nicht mehr verfügbar",
  revoked: "Diese Freigabe wurde zurückgezogen. Bitte wenden Sie sich an die Person, die sie Ihnen geschickt hat.",
  expired: "Diese Freigabe ist abgelaufen. Bitte wenden Sie sich an die Person, die sie Ihnen geschickt hat.",
  usedUp:
    "Das Download-Limit dieser Freigabe ist erreicht. Bitte wenden Sie sich an die Person, die sie Ihnen geschickt hat.",
  fileDeleted: "Die freigegebene Datei wurde gelöscht.",
  folderDeleted: "Der freigegebene Ordner wurde gelöscht.",
  lockedTitle: "Freigabe gesperrt",
  locked:
    "Diese Freigabe wurde nach zu vielen falschen Passwörtern gesperrt. Bitte wenden Sie sich an die Person, die sie Ihnen geschickt hat.",
  fileNotFoundTitle: "Datei nicht gefunden",
  fileNotFound: "Diese Datei gehört nicht (mehr) zu dieser Freigabe.",
  contentMissingTitle: "Datei nicht verfügbar",
  contentMissing:
    "Der Inhalt dieser Datei fehlt auf dem Server. Bitte wenden Sie sich an die Person, die sie Ihnen geschickt hat.",
  zipTooLargeTitle: "Ordner zu groß für einen ZIP-Download",
  zipTooLarge: `Ein ZIP-Download fasst höchstens ${shareZipMaxFiles} Dateien und ${formatSizeLimit(shareZipMaxBytes)}. Bitte laden Sie die Dateien einzeln herunter.`,
  back: "Zurück zur Freigabe",
  footer: "Bereitgestellt über das Kundenportal von",
} as const;
