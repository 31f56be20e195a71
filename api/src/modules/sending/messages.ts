/** German answers of the sending routes that are not the kit's (those the dialogs show as well). */
export const sendingApiMessages = {
  invalidInvoiceId: "Die Nummer der Rechnung ist ungültig.",
  invoiceNotFound: "Diese Rechnung gibt es nicht.",
  subjectNotText: "Das Feld „subject“ muss Text sein.",
  textNotText: "Das Feld „text“ muss Text sein.",
  templateNotObject: "Die Vorlage muss ein Objekt mit Betreff („subject“) und Text („text“) sein.",
} as const;
