/** What the operations routes answer in German. */
export const operationsMessages = {
  backupRunning: "Gerade läuft eine Sicherung oder eine Probe der Wiederherstellung; bitte warten, bis sie fertig ist.",
};
