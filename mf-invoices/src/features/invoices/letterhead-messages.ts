/** The Firmeneinstellungen' „Logo“ section (decision 0091). */
export const letterheadMessages = {
  title: "Logo",
  description:
    "Das Logo steht oben rechts auf neuen Rechnungen, Angeboten und Mahnungen. PNG oder JPEG, höchstens 1 MB. Ausgestellte Dokumente behalten ihr Logo.",
  none: "Es ist kein Logo hinterlegt.",
  previewAlt: "Aktuelles Logo",
  choose: "Logo hochladen",
  replace: "Anderes Logo hochladen",
  remove: "Logo entfernen",
  uploaded: "Logo gespeichert",
  removed: "Logo entfernt",
} as const;
