/** Every German text of the dashboard; the spec fixes the quoted ones. */
export const dashboardMessages = {
  welcome: (name: string) => `Willkommen, ${name}`,
  title: "Dashboard",
  description: "Ihre Kennzahlen und die offenen Kontaktanfragen auf einen Blick.",
  counters: {
    activeProjects: "Aktive Projekte",
    appointments: "Termine",
    done: "Abgeschlossen",
    open: "Offene Anfragen",
  },
  countersLabel: "Kennzahlen",
  requestsTitle: "Offene Anfragen",
  requestsHint: "Nachrichten aus dem Kontaktformular, die neuesten zuerst.",
  empty: "Keine offenen Anfragen",
  emptyHint: "Neue Nachrichten aus dem Kontaktformular erscheinen hier.",
  loading: "Lade Anfragen...",
  loadFailed: "Fehler beim Laden der Anfragen",
  refresh: "Aktualisieren",
  markDone: "Erledigt",
  updateFailed: (reason: string) => `Fehler beim Aktualisieren: ${reason}`,
  unknownError: "Unbekannter Fehler",
  shown: (shown: string, total: string) => `${shown} von ${total} offenen Anfragen angezeigt`,
  loadMore: "Weitere Anfragen laden",
  showMore: "Mehr anzeigen",
  showLess: "Weniger anzeigen",
  noValue: "-",
  columns: {
    name: "Name",
    email: "E-Mail",
    company: "Unternehmen",
    message: "Nachricht",
    createdAt: "Eingegangen",
    action: "Aktion",
  },
  details: {
    title: "Anfrage erledigt",
    receivedAt: "Eingegangen am",
    doneAt: "Erledigt am",
    doneBy: "Erledigt von",
    unknownUser: "Unbekannt (Konto gelöscht)",
    close: "Schließen",
  },
} as const;

/** German texts of „Als Kunde übernehmen“ in the request dialog (decision 0095). */
export const takeOverMessages = {
  label: "Kunde",
  takeOver: "Als Kunde übernehmen",
  matchesIntro: "Es gibt schon einen Kunden mit dieser E-Mail-Adresse:",
  link: "Verknüpfen",
  linkLabel: (name: string) => `Mit „${name}“ verknüpfen`,
  toCustomer: "Zum Kunden",
  created: "Als Kunde übernommen",
  linked: "Mit Kunde verknüpft",
  customerText: (name: string) => `Kunde: ${name}`,
  failed: "Übernahme fehlgeschlagen",
  exists: "Es gibt schon einen Kunden mit dieser E-Mail-Adresse. Bitte verknüpfen Sie die Anfrage mit ihm.",
} as const;

/** The customer page of the customer tool (mf-customers), where „Zum Kunden“ leads. */
export const customerPath = (id: number) => `/customers/${id}`;

/** German texts of "Antworten" in the request dialog. */
export const replyMessages = {
  open: "Antworten",
  openTitle: "Anfrage",
  repliesTitle: "Antworten",
  noReplies: "Noch keine Antwort gesendet.",
  sentBy: (name: string, date: string) => `${name}, ${date}`,
  formTitle: "Antwort an den Absender",
  formHint: "Geht per E-Mail an die Adresse der Anfrage; danach ist die Anfrage erledigt.",
  message: "Ihre Antwort",
  send: "Antwort senden",
  sent: "Antwort gesendet",
  sentText: (email: string) => `Die E-Mail an ${email} steht im Postausgang.`,
  sendFailed: "Antwort nicht gesendet",
  loadFailed: "Die Antworten konnten nicht geladen werden.",
} as const;
