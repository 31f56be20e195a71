import {
  clientReportRetentionDays,
  contactRetentionDays,
  invoiceRetentionYears,
  type PrivacyDataKind,
} from "@klarwerk/kit";

/**
 * What the product keeps about people, per kind of data: the information Art. 15(1) DSGVO asks
 * for (purpose, legal basis, recipients, storage period, source), in German. The Auskunft is
 * generated from this one list; a new place that keeps personal data adds its entry here and its
 * search in search.ts. The periods name the same constants the deletion jobs use.
 */
export interface CatalogueEntry {
  /** „Kontaktanfragen“: the heading of the kind in the Auskunft. */
  title: string;
  /** Which data of the person this kind holds. */
  categories: string;
  purpose: string;
  legalBasis: string;
  recipients: string;
  storagePeriod: string;
  source: string;
  /** German names of the fields a hit's data carries, in the order the Auskunft shows them. */
  fields: Record<string, string>;
}

const hosting =
  "Beschäftigte des Unternehmens, soweit sie die Daten für ihre Aufgabe brauchen; unser Hosting-Dienstleister als Auftragsverarbeiter (Art. 28 DSGVO).";
const mailDelivery =
  "Beschäftigte des Unternehmens; der E-Mail-Versanddienstleister als Auftragsverarbeiter (Art. 28 DSGVO); die Empfängerin oder der Empfänger der E-Mail.";

const fileEntry: CatalogueEntry = {
  title: "Dateien und Ordner",
  categories:
    "Dateien, die Beschäftigte im Kundenportal ablegen, und deren Ordner; gefunden werden Dateien und Ordner, deren Name die E-Mail-Adresse nennt, die Dateien in solchen Ordnern und die mit Ihnen als Kunde verknüpften Dateien. Personenbezogene Daten können vor allem in Ordnern zu Kunden und Projekten liegen (Verträge, Angebote, Schriftverkehr).",
  purpose: "Ablage der Unterlagen zu Kunden und Aufträgen.",
  legalBasis:
    "Art. 6 Abs. 1 lit. b DSGVO (Vertrag oder vorvertragliche Maßnahmen); soweit Handels- oder Geschäftsbriefe: Art. 6 Abs. 1 lit. c DSGVO i. V. m. § 257 HGB, § 147 AO.",
  recipients: hosting,
  storagePeriod: `Bis die Unterlagen für den Zweck nicht mehr gebraucht werden; Handels- und Geschäftsbriefe 6 Jahre, Buchungsbelege ${invoiceRetentionYears} Jahre ab Ende des Kalenderjahres (§ 257 HGB, § 147 AO).`,
  source: "Von Beschäftigten des Unternehmens abgelegt; die Inhalte stammen von Ihnen oder aus der Geschäftsbeziehung.",
  fields: {
    name: "Name",
    original_name: "Dateiname",
    mime_type: "Dateityp",
    size: "Größe (Bytes)",
    uploader_name: "Abgelegt von",
    created_at: "Angelegt am",
  },
};

export const privacyCatalogue: Record<PrivacyDataKind, CatalogueEntry> = {
  contact_request: {
    title: "Kontaktanfragen",
    categories: "Name, E-Mail-Adresse, Firma und Nachricht aus dem Kontaktformular, unsere Antworten darauf.",
    purpose: "Bearbeitung und Beantwortung Ihrer Anfrage.",
    legalBasis:
      "Art. 6 Abs. 1 lit. b DSGVO (Anbahnung eines Vertrags) bzw. Art. 6 Abs. 1 lit. f DSGVO (berechtigtes Interesse an der Beantwortung von Anfragen).",
    recipients: hosting,
    storagePeriod: `Bis die Anfrage erledigt ist; erledigte Anfragen werden ${contactRetentionDays} Tage danach gelöscht.`,
    source: "Von Ihnen über das Kontaktformular der Website.",
    fields: {
      name: "Name",
      email: "E-Mail-Adresse",
      company: "Firma",
      message: "Nachricht",
      created_at: "Eingegangen am",
      is_done: "Erledigt",
      done_at: "Erledigt am",
      replies: "Antworten",
    },
  },
  mail: {
    title: "E-Mails",
    categories:
      "E-Mails an Sie oder über Ihre Anfrage, auch Rechnungen, Angebote, Zahlungserinnerungen und Mahnungen, die wir Ihnen per E-Mail gesendet haben: Empfänger, Antwortadresse, Betreff, Text, Versandstatus, wer sie gesendet hat; die Anhänge (PDF, XRechnung) nur bis zum Versand, danach nur ihre Dateinamen.",
    purpose:
      "Benachrichtigung des Teams über Ihre Anfrage, Antworten an Sie und der Versand von Rechnungen, Angeboten, Zahlungserinnerungen und Mahnungen; Nachweis des Versands.",
    legalBasis:
      "Art. 6 Abs. 1 lit. b bzw. lit. f DSGVO, wie bei der Anfrage, zu der die E-Mail gehört; bei Rechnungen, Angeboten und Mahnungen Art. 6 Abs. 1 lit. b DSGVO (Vertrag oder vorvertragliche Maßnahmen).",
    recipients: mailDelivery,
    storagePeriod: `E-Mails zu einer Kontaktanfrage werden mit ihr gelöscht (${contactRetentionDays} Tage nach Erledigung); E-Mails mit einer Rechnung, Zahlungserinnerung oder Mahnung mit der Rechnung (${invoiceRetentionYears} Jahre ab Ende des Kalenderjahres der Ausstellung); E-Mails mit einem Angebot mit dem Angebot.`,
    source: "Vom System aus Ihrer Anfrage oder der Antwort des Teams erzeugt.",
    fields: {
      kind: "Art",
      to_name: "An (Name)",
      to_address: "An (Adresse)",
      reply_to_name: "Antwort an (Name)",
      reply_to_address: "Antwort an (Adresse)",
      subject: "Betreff",
      text_body: "Text",
      state: "Versandstatus",
      created_at: "Erstellt am",
      sent_at: "Versendet am",
    },
  },
  customer: {
    title: "Kundendaten",
    categories:
      "Name, E-Mail-Adresse, Telefon, Website, Anschrift, Notizen und Status der Geschäftsbeziehung; die Ansprechpartner, Tags und die Zeitleiste (Notizen, Anrufe und Termine mit Verfasser und Zeitpunkt; die Namen der mit Ihnen verknüpften Dateien, wer sie wann verknüpft hat).",
    purpose: "Pflege der Geschäftsbeziehung, Angebote, Aufträge und Rechnungen.",
    legalBasis:
      "Art. 6 Abs. 1 lit. b DSGVO (Vertrag oder vorvertragliche Maßnahmen) und Art. 6 Abs. 1 lit. f DSGVO (Kundenbetreuung).",
    recipients: hosting,
    storagePeriod:
      "Für die Dauer der Geschäftsbeziehung; danach gelöscht, soweit keine Aufbewahrungspflicht besteht (Geschäftsbriefe 6 Jahre, § 257 HGB).",
    source: "Von Ihnen (Gespräche, E-Mails, Visitenkarten) oder von Ihrem Unternehmen.",
    fields: {
      name: "Name",
      email: "E-Mail-Adresse",
      phone: "Telefon",
      website: "Website",
      address: "Anschrift",
      notes: "Notizen",
      status: "Status",
      created_at: "Angelegt am",
      updated_at: "Zuletzt geändert am",
      contacts: "Ansprechpartner",
      tags: "Tags",
      timeline: "Notizen, Anrufe und Termine",
      files: "Verknüpfte Dateien",
    },
  },
  customer_contact: {
    title: "Ansprechpartner bei Kunden",
    categories: "Name, Rolle, E-Mail-Adresse und Telefon als Ansprechpartner bei einem unserer Kunden.",
    purpose: "Kontakt zu unserem Kunden, bei dem Sie tätig sind.",
    legalBasis: "Art. 6 Abs. 1 lit. f DSGVO (berechtigtes Interesse an der Kommunikation mit unserem Kunden).",
    recipients: hosting,
    storagePeriod:
      "Solange Sie Ansprechpartner bei dem Kunden sind und die Geschäftsbeziehung besteht; mit dem Kunden gelöscht.",
    source: "Von Ihnen oder von dem Unternehmen, bei dem Sie tätig sind.",
    fields: {
      customer_name: "Kunde",
      name: "Name",
      role: "Rolle",
      email: "E-Mail-Adresse",
      phone: "Telefon",
      created_at: "Angelegt am",
    },
  },
  quote: {
    title: "Angebote",
    categories:
      "Angebotsempfänger (Name, Anschrift), Umsatzsteuer-ID, angebotene Leistungen, Beträge, Gültigkeit und Ihre Antwort (angenommen oder abgelehnt).",
    purpose: "Vorbereitung eines Vertrags: Angebot erstellen, Antwort festhalten, daraus die Rechnung erstellen.",
    legalBasis:
      "Art. 6 Abs. 1 lit. b DSGVO (vorvertragliche Maßnahmen) und Art. 6 Abs. 1 lit. c DSGVO i. V. m. § 257 HGB (Aufbewahrung von Geschäftsbriefen).",
    recipients: hosting,
    storagePeriod:
      "Ausgestellte Angebote als Geschäftsbriefe 6 Jahre ab Ende des Kalenderjahres (§ 257 Abs. 1 Nr. 3, Abs. 4 HGB), wenn sie zu einem Auftrag führten; Entwürfe bis zur Ausstellung oder Löschung.",
    source: "Aus der Geschäftsbeziehung mit Ihnen oder Ihrem Unternehmen.",
    fields: {
      number: "Angebotsnummer",
      state: "Stand",
      issue_date: "Angebotsdatum",
      valid_until: "Gültig bis",
      recipient: "Empfänger",
      recipient_vat_id: "USt-IdNr. des Empfängers",
      items: "Positionen",
      total_cents: "Gesamtbetrag",
      notes: "Hinweise",
      decision: "Antwort",
    },
  },
  invoice: {
    title: "Rechnungen",
    categories:
      "Rechnungsempfänger (Name, Anschrift), Umsatzsteuer-ID, Leistungen, Beträge, Zahlungsstand, die erfassten Zahlungen (Datum, Betrag, Notiz) und Zahlungserinnerungen und Mahnungen (Stufe, Datum, Beträge, Gebühren, Zinsen, ob als Verbraucher gemahnt).",
    purpose: "Abrechnung erbrachter Leistungen und Erfüllung der Buchführungspflichten.",
    legalBasis:
      "Art. 6 Abs. 1 lit. b DSGVO (Vertrag) und Art. 6 Abs. 1 lit. c DSGVO i. V. m. § 147 AO, § 14b UStG, § 257 HGB (Aufbewahrungspflicht).",
    recipients: `${hosting} Steuerberatung und Finanzbehörden, soweit gesetzlich vorgeschrieben.`,
    storagePeriod: `Ausgestellte Rechnungen und Stornorechnungen ${invoiceRetentionYears} Jahre ab Ende des Kalenderjahres der Ausstellung (§ 147 Abs. 3 AO, § 14b Abs. 1 UStG, § 257 Abs. 4 HGB); verlangen Sie vorher die Löschung, wird ihre Verarbeitung bis dahin eingeschränkt (Art. 18 DSGVO) und die Rechnung danach gelöscht. Entwürfe bis zur Ausstellung oder Löschung.`,
    source: "Aus der Geschäftsbeziehung mit Ihnen oder Ihrem Unternehmen.",
    fields: {
      number: "Rechnungsnummer",
      state: "Stand",
      kind: "Art",
      issue_date: "Rechnungsdatum",
      recipient: "Empfänger",
      recipient_vat_id: "USt-IdNr. des Empfängers",
      buyer_reference: "Referenz des Käufers",
      items: "Positionen",
      total_cents: "Gesamtbetrag",
      notes: "Hinweise",
      paid_on: "Bezahlt am",
      payments: "Zahlungen",
      reminders: "Zahlungserinnerungen und Mahnungen",
    },
  },
  recurring_invoice: {
    title: "Wiederkehrende Rechnungen",
    categories:
      "Vorlagen, aus denen regelmäßig Rechnungen an Sie entstehen: Kunde, Positionen, Beträge, Intervall, Zeitraum, Hinweise und die bisherigen Ausführungen (Tag, Leistungszeitraum, Rechnung).",
    purpose: "Regelmäßige Abrechnung vereinbarter Leistungen (z. B. Wartung, Hosting).",
    legalBasis: "Art. 6 Abs. 1 lit. b DSGVO (Vertrag).",
    recipients: hosting,
    storagePeriod:
      "Solange die Vorlage besteht (bis sie beendet und gelöscht wird oder Sie die Löschung verlangen); die daraus entstandenen Rechnungen wie Rechnungen.",
    source: "Von Beschäftigten des Unternehmens aus der Geschäftsbeziehung mit Ihnen angelegt.",
    fields: {
      customer_name: "Kunde",
      items: "Positionen",
      frequency: "Intervall",
      first_on: "Erste Ausführung",
      ends_on: "Ende",
      state: "Stand",
      notes: "Hinweise",
      runs: "Ausführungen",
      created_at: "Angelegt am",
    },
  },
  folder: fileEntry,
  file: fileEntry,
  client_error: {
    title: "Fehlerberichte des Browsers",
    categories:
      "Technische Fehlerberichte, die Ihr Browser im Kundenportal gesendet hat: Seite, Fehlermeldung, Browser, Zeitpunkt, Ihr Benutzerkonto.",
    purpose: "Erkennen und Beheben von Fehlern neuer Versionen des Kundenportals.",
    legalBasis: "Art. 6 Abs. 1 lit. f DSGVO (berechtigtes Interesse an einem funktionierenden Kundenportal).",
    recipients: hosting,
    storagePeriod: `${clientReportRetentionDays} Tage, danach automatisch gelöscht.`,
    source: "Automatisch von Ihrem Browser gesendet.",
    fields: {
      remote: "Bereich",
      kind: "Art",
      route: "Seite",
      message: "Fehlermeldung",
      browser: "Browser",
      created_at: "Zeitpunkt",
    },
  },
  account: {
    title: "Benutzerkonto im Kundenportal",
    categories: "Name, E-Mail-Adresse, Rolle, Status und Zeitpunkte Ihres Zugangs (das Passwort nur als Hashwert).",
    purpose: "Zugang zum Kundenportal und Nachvollziehbarkeit der Arbeit darin.",
    legalBasis: "Art. 6 Abs. 1 lit. b DSGVO bzw. § 26 BDSG (Beschäftigungsverhältnis).",
    recipients: hosting,
    storagePeriod: "Solange der Zugang besteht; nach Löschung des Kontos bleibt nur der Name an der eigenen Arbeit.",
    source: "Von Ihnen bei der Registrierung; Rolle und Status von einer Administratorin oder einem Administrator.",
    fields: {
      name: "Name",
      email: "E-Mail-Adresse",
      role: "Rolle",
      status: "Status",
      created_at: "Registriert am",
      approved_at: "Freigegeben am",
    },
  },
};

/** What the Auskunft says for every person, whatever was found (Art. 15(1) c, e–h, Art. 15(2)). */
export const generalInformation = {
  rights:
    "Sie haben das Recht auf Berichtigung (Art. 16 DSGVO), Löschung (Art. 17 DSGVO), Einschränkung der Verarbeitung (Art. 18 DSGVO), Datenübertragbarkeit (Art. 20 DSGVO) und Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO).",
  complaint:
    "Sie können sich bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO), insbesondere in dem Land, in dem Sie wohnen oder arbeiten.",
  automatedDecisions:
    "Eine automatisierte Entscheidungsfindung einschließlich Profiling (Art. 22 DSGVO) findet nicht statt.",
  thirdCountries: "Eine Übermittlung in Drittländer außerhalb der EU/des EWR findet nicht statt.",
} as const;
