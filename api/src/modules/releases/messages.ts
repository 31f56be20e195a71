import { canaryShareRange, releaseNoteMaxLength } from "@klarwerk/kit";

/** German answers of the releases module (releases, rollout, deploy keys, client errors). */
export const releaseMessages = {
  unknownRemote:
    "Diesen Bereich (Remote) gibt es nicht. Erlaubt: mf-marketing, mf-dashboard, mf-files, mf-customers, mf-invoices.",
  invalidVersion:
    "Die Version darf nur Buchstaben, Ziffern, Punkt, Unterstrich, Plus und Bindestrich enthalten (höchstens 64 Zeichen).",
  noteTooLong: `Die Notiz darf höchstens ${releaseNoteMaxLength} Zeichen lang sein.`,
  versionTaken: (version: string) =>
    `Die Version „${version}“ gibt es für diesen Bereich schon. Versionen sind unveränderlich.`,
  manifestUrlNotHttps: "Die Adresse des Manifests muss mit https:// beginnen.",
  manifestOriginNotAllowed: (origin: string) =>
    `Releases von ${origin} sind nicht freigegeben: externe Releases dürfen nur von Adressen kommen, die ein Admin in RELEASE_ORIGINS eingetragen hat.`,
  manifestUrlUnreachable:
    "Das Manifest konnte nicht geladen werden. Bitte prüfen: erreichbar über https mit gültigem Zertifikat, Antwort 200 ohne Weiterleitung, höchstens 1 MiB.",
  archiveTooLarge: (maxMiB: number) => `Das Archiv ist zu groß (höchstens ${maxMiB} MiB).`,
  archiveUnreadable:
    "Das Archiv konnte nicht gelesen werden. Erwartet wird ein tar- oder tar.gz-Archiv des dist-Ordners.",
  archiveUnsafePath: (path: string) =>
    `Das Archiv enthält einen unzulässigen Pfad („${path}“): absolute Pfade, „..“ und Verknüpfungen sind nicht erlaubt.`,
  archiveTooManyFiles: (max: number) => `Das Archiv enthält mehr als ${max} Dateien und Ordner.`,
  archiveDuplicatePath: (path: string) => `Das Archiv enthält die Datei „${path}“ mehrmals.`,
  archiveEmpty: "Das Archiv enthält keine Dateien.",
  manifestMissing: "Das Archiv enthält keine mf-manifest.json im obersten Ordner.",
  manifestMalformed: (detail: string) => `Die mf-manifest.json ist fehlerhaft: ${detail}`,
  manifestWrongRemote: (expected: string) => `Die mf-manifest.json gehört nicht zu „${expected}“.`,
  remoteEntryMissing: (name: string) => `Die Datei „${name}“, die das Manifest nennt, fehlt im Archiv.`,
  exposesMissing: (exposes: string[]) =>
    `Dem Release fehlen Module, die die Seiten der Shell brauchen: ${exposes.join(", ")}.`,
  kitSurfaceMismatch: (found: string, expected: string) =>
    `Das Release wurde gegen die Kit-Oberfläche ${found} gebaut, die laufende Shell stellt ${expected} bereit. Bitte gegen den aktuellen Stand bauen.`,
  kitSurfaceMissing: "Das Manifest teilt die Einträge des Kits (@klarwerk/kit/browser, /query, /ui, /portal) nicht.",
  releaseNotFound: (version: string) => `Ein Release „${version}“ gibt es für diesen Bereich nicht.`,
  alreadyActive: (version: string) => `Das Release „${version}“ ist bereits aktiv.`,
  deleteActive: (version: string) => `Das Release „${version}“ ist aktiv und kann nicht gelöscht werden.`,
  deleteCanary: (version: string) => `Das Release „${version}“ läuft als Canary und kann nicht gelöscht werden.`,
  deletePrevious: (version: string) =>
    `Auf das Release „${version}“ würde zurückgerollt, wenn das aktive versagt. Es kann nicht gelöscht werden.`,
  noActiveRelease: "Für diesen Bereich ist noch kein Release aktiv. Zuerst ein Release aktivieren.",
  noCanary: "Für diesen Bereich läuft kein Canary.",
  invalidShare: `Der Anteil muss eine ganze Zahl von ${canaryShareRange.min} bis ${canaryShareRange.max} sein.`,
  invalidKeyName: "Bitte einen Namen für den Schlüssel angeben (höchstens 100 Zeichen).",
  invalidKeyId: "Die Nummer des Schlüssels ist ungültig.",
  keyNotFound: "Diesen Schlüssel gibt es nicht.",
  keyOtherRemote: "Dieser Schlüssel gilt nur für einen anderen Bereich.",
  keyRevoked: "Dieser Schlüssel wurde widerrufen.",
  keyUnknown: "Dieser Schlüssel ist ungültig.",
  keyCannotAdminister: "Mit einem Schlüssel lassen sich nur Releases ausliefern, nicht verwalten.",
  clientErrorInvalid: "Die Fehlermeldung ist unvollständig.",
  invalidTicket: "Das Ticket der Lademeldung ist ungültig.",
  tooManyClientErrors: "Zu viele Fehlermeldungen von dieser Adresse. Bitte später erneut versuchen.",
  tooManyClientLoads: "Zu viele Lademeldungen von dieser Adresse. Bitte später erneut versuchen.",
  tooManyKeyRefusals: "Zu viele abgewiesene Schlüssel von dieser Adresse. Bitte später erneut versuchen.",
  /** The actor of an automatic stop in the history. */
  automaticActor: "Automatisch",
  autoStopReason: (canaryRate: number, activeRate: number) =>
    `Fehlerquote des Canary ${canaryRate.toFixed(1)} % gegenüber ${activeRate.toFixed(1)} % beim aktiven Release (Anteil der Netzwerke, aus denen Besucher Fehler meldeten; bei jedem Release eines davon nicht mitgezählt).`,
  keyActor: (name: string) => `Schlüssel „${name}“`,
} as const;
