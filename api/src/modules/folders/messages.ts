/** German answers of /api/folders. */
export const foldersApiMessages = {
  nameRequired: "Bitte geben Sie einen Ordnernamen ein.",
  nameTooLong: "Der Ordnername darf höchstens 255 Zeichen lang sein.",
  nameInvalid: "Der Ordnername darf keine Steuerzeichen enthalten.",
  nameSlash: "Der Ordnername darf weder „/“ noch „\\“ enthalten.",
  nameTaken: "In diesem Ordner gibt es bereits einen Ordner mit diesem Namen.",
  invalidParent: "Der übergeordnete Ordner ist ungültig.",
  parentNotFound: "Der übergeordnete Ordner existiert nicht.",
  invalidId: "Die Ordnernummer ist ungültig.",
  notFound: "Diesen Ordner gibt es nicht.",
  changeEmpty: "Bitte geben Sie einen neuen Namen oder einen Zielordner an.",
  targetNotFound: "Der Zielordner existiert nicht.",
  intoItself: "Ein Ordner kann nicht in sich selbst oder in einen seiner Unterordner verschoben werden.",
} as const;
