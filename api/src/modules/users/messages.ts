/** German answers of the user administration (/api/users). */
export const usersApiMessages = {
  invalidId: "Die Benutzer-ID ist ungültig.",
  notFound: "Dieses Benutzerkonto gibt es nicht (mehr).",
  invalidStatus: "Der Status muss „active“ (freigeben) oder „disabled“ (sperren) sein.",
  invalidRole: "Die Rolle muss „admin“ oder „staff“ sein.",
  nothingToChange: "Bitte geben Sie einen Status oder eine Rolle an.",
  lastAdmin:
    "Das letzte aktive Administrator-Konto kann nicht gesperrt, herabgestuft oder gelöscht werden. Ernennen Sie zuerst eine weitere Person zur Administratorin oder zum Administrator.",
  ownAccount:
    "Ihr eigenes Konto können Sie nicht sperren, herabstufen oder löschen. Bitten Sie eine andere Administratorin oder einen anderen Administrator darum.",
} as const;
