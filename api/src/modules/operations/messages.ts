import { formatDateTime, formatFileSize } from "@klarwerk/kit";
import { onDemandBackupCooldownMs } from "./backup-requests.ts";

const minute = 60 * 1000;

/** What the operations routes answer in German. */
export const operationsMessages = {
  backupRunning: "Gerade läuft eine Sicherung oder eine Probe der Wiederherstellung; bitte warten, bis sie fertig ist.",
  /** The time rounded up to the minute: at „14:33 Uhr“ it is allowed, not a few seconds later. */
  backupTooSoon: (nextAt: Date) =>
    `„Jetzt sichern“ ist höchstens einmal in ${onDemandBackupCooldownMs / minute} Minuten möglich. ` +
    `Die nächste Sicherung auf Anfrage ist ab ${formatDateTime(Math.ceil(nextAt.getTime() / minute) * minute)} Uhr möglich.`,
  /** Before its run was recorded, the database or the backup folder failed; the API's log has the reason. */
  backupNotBegun:
    "Die Sicherung konnte nicht beginnen: die Datenbank oder der Sicherungsordner antwortete nicht. " +
    "Der Grund steht im Log der API; bitte in einigen Minuten erneut versuchen.",
  backupNoSpace: (freeBytes: number, neededBytes: number) =>
    `Zu wenig freier Speicher für eine Sicherung: frei sind ${formatFileSize(freeBytes)}, nötig sind mindestens ` +
    `${formatFileSize(neededBytes)} (das Doppelte der letzten Sicherung). ` +
    "Bitte zuerst Platz im Sicherungsordner schaffen.",
};
