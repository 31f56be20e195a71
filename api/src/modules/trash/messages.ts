/** German answers of /api/trash and the deletions of /api/files and /api/folders. */
export const trashApiMessages = {
  invalidId: "Die Nummer des Eintrags im Papierkorb ist ungültig.",
  notFound: "Diesen Eintrag gibt es im Papierkorb nicht (mehr).",
  invalidPage: "Die Seitenzahl ist ungültig.",
  invalidFolder: "Der Zielordner ist ungültig.",
  targetNotFound: "Der Zielordner existiert nicht.",
  placeTaken:
    "Am ursprünglichen Ort gibt es inzwischen einen Ordner mit diesem Namen. " +
    "Bitte wählen Sie „Wiederherstellen nach …“ und einen anderen Ordner.",
  targetTaken: "Im gewählten Ordner gibt es bereits einen Ordner mit diesem Namen.",
} as const;
