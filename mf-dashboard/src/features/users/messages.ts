import { userStatusLabels } from "@klarwerk/kit";
import { sharedMessages } from "../../shared/messages";

/** Every German text of the user administration (/users) that only the browser shows. */
export const usersMessages = {
  title: "Benutzer",
  description: "Zugangsanfragen freigeben und die Konten des Teams verwalten.",
  loading: "Lade Benutzer...",
  loadFailed: "Fehler beim Laden der Benutzer",
  requestsTitle: "Zugangsanfragen",
  requestsHint: "Wer sich registriert hat, kann sich erst nach Ihrer Freigabe anmelden.",
  noRequests: "Keine offenen Zugangsanfragen.",
  accountsTitle: "Konten",
  accountsHint: "Gesperrte Konten können sich nicht anmelden; ihre Sitzungen enden sofort.",
  noAccounts: "Noch keine Konten.",
  you: "(Sie)",
  noValue: "-",
  columns: {
    name: "Name",
    email: "E-Mail",
    role: "Rolle",
    status: "Status",
    requestedAt: "Angefragt am",
    createdAt: "Registriert am",
    approved: "Freigegeben",
    actions: "Aktionen",
  },
  roles: sharedMessages.roles,
  statuses: userStatusLabels,
  approvedBy: (date: string, name: string | null) => (name ? `${date} von ${name}` : date),
  approve: "Freigeben",
  reject: "Ablehnen",
  disable: "Sperren",
  enable: "Entsperren",
  makeAdmin: "Zum Admin machen",
  revokeAdmin: "Admin-Rechte entziehen",
  delete: "Löschen",
  cancel: sharedMessages.cancel,
  close: sharedMessages.close,
  rejectDialog: {
    title: "Zugangsanfrage ablehnen?",
    text: (name: string, email: string) =>
      `Die Anfrage von ${name} (${email}) wird gelöscht. Die Person kann sich später erneut registrieren.`,
  },
  deleteDialog: {
    title: "Konto löschen?",
    text: (name: string, email: string) =>
      `Das Konto von ${name} (${email}) wird endgültig gelöscht und kann sich nicht mehr anmelden. Was die Person erledigt oder hochgeladen hat, bleibt unter ihrem Namen erhalten.`,
  },
  done: {
    approved: (name: string) => `${name} kann sich jetzt anmelden.`,
    rejected: (name: string) => `Die Anfrage von ${name} wurde abgelehnt.`,
    disabled: (name: string) => `Das Konto von ${name} ist gesperrt.`,
    enabled: (name: string) => `Das Konto von ${name} ist wieder freigegeben.`,
    madeAdmin: (name: string) => `${name} ist jetzt Admin.`,
    revokedAdmin: (name: string) => `${name} hat keine Admin-Rechte mehr.`,
    deleted: (name: string) => `Das Konto von ${name} wurde gelöscht.`,
  },
  changeFailed: "Änderung nicht möglich",
  deleteFailed: "Löschen nicht möglich",
  knownDevices: {
    title: "Bekannte Browser",
    hint: "Ein Browser, mit dem sich jemand schon einmal angemeldet hat, bleibt nach vielen Fehlversuchen anderer nicht gesperrt. Nach einem neuen Passwort oder wenn Sie ihn hier vergessen, gilt er wieder als unbekannt, bis sich die Person darin erneut anmeldet.",
    forgetOne: "Browser vergessen",
    forgetAll: "Bekannte Browser aller Konten vergessen",
    oneDialog: {
      title: "Bekannte Browser vergessen?",
      text: (name: string, email: string) =>
        `Die Browser, mit denen sich ${name} (${email}) angemeldet hat, gelten danach als unbekannt: Sperrt die Anmeldung nach vielen Fehlversuchen, kommt die Person erst nach Ablauf der Sperre wieder hinein. Bestehende Sitzungen bleiben erhalten.`,
    },
    allDialog: {
      title: "Bekannte Browser aller Konten vergessen?",
      text: "Alle Browser aller Konten gelten danach als unbekannt, Ihre eigenen eingeschlossen. Das ist richtig, wenn ein Gerät verloren ging oder gestohlen wurde. Bestehende Sitzungen bleiben erhalten.",
    },
    forgottenOne: (name: string) => `Die bekannten Browser von ${name} sind vergessen.`,
    forgottenAll: "Die bekannten Browser aller Konten sind vergessen.",
    failed: "Vergessen nicht möglich",
  },
} as const;
