import type { IconName } from "../components/Icon";

/** A module card on the home page: one of the ten building blocks we offer. */
export interface ServiceModule {
  icon: IconName;
  title: string;
  text: string;
}

export const serviceModules: readonly ServiceModule[] = [
  {
    icon: "monitor",
    title: "Webdesign",
    text: "Websites, die Ihr Unternehmen auf den ersten Blick verständlich machen: klar gegliedert, schnell geladen und auf jedem Smartphone gut bedienbar.",
  },
  {
    icon: "bag",
    title: "Online-Shops",
    text: "Vom Hofladen bis zum Großhandel: Shops, die sich leicht pflegen lassen, sicher kassieren und an Warenwirtschaft und Versand angebunden sind.",
  },
  {
    icon: "chart",
    title: "Performance-Marketing",
    text: "Anzeigen bei Google, Meta und LinkedIn, optimiert auf Anfragen und Umsatz statt auf Klicks – mit einem Monatsbericht, den man ohne Glossar versteht.",
  },
  {
    icon: "users",
    title: "Talent Acquisition",
    text: "Karriereseiten, Stellenanzeigen und Kampagnen, die Fachkräfte in Ihrer Region erreichen – auch die, die gerade gar nicht aktiv suchen.",
  },
  {
    icon: "zap",
    title: "Prozessautomatisierung",
    text: "Schluss mit Abtippen und Kopieren: Wir verbinden Ihre Werkzeuge und automatisieren Routinearbeit, damit Zeit für das Wesentliche bleibt.",
  },
  {
    icon: "smile",
    title: "Customer Experience",
    text: "Vom ersten Klick bis zur Rechnung: Wir finden die Stellen, an denen Kunden hängen bleiben, und machen den Weg zu Ihnen einfacher.",
  },
  {
    icon: "code",
    title: "Individuelle Webentwicklung",
    text: "Wenn Standardsoftware nicht passt: Kundenportale, Buchungssysteme und Schnittstellen, gebaut für genau Ihre Abläufe.",
  },
  {
    icon: "search",
    title: "SEO",
    text: "Technische Optimierung, lokale Sichtbarkeit und ein gepflegtes Google-Unternehmensprofil, damit Kunden aus der Nähe Sie finden.",
  },
  {
    icon: "pen",
    title: "Content",
    text: "Texte, Fotos und Grafiken, die Ihre Erfahrung zeigen – von der Leistungsseite über den Fachartikel bis zum Social-Media-Beitrag.",
  },
  {
    icon: "lifebuoy",
    title: "Support & Hosting",
    text: "Schnelles Hosting in Deutschland, Updates, Backups und ein Ansprechpartner, der zurückruft, wenn etwas klemmt.",
  },
];

/** A card on the services page; its dialog tells the details. */
export interface Service {
  id: string;
  icon: IconName;
  title: string;
  teaser: string;
  paragraphs: readonly string[];
  /** What a client typically gets, as short points. */
  includes: readonly string[];
}

export const services: readonly Service[] = [
  {
    id: "webdesign-shops",
    icon: "monitor",
    title: "Webdesign & Online-Shops",
    teaser: "Websites und Shops, die informieren, verkaufen und sich ohne Programmierkenntnisse pflegen lassen.",
    paragraphs: [
      "Ihre Website ist oft der erste Eindruck, den ein Kunde von Ihnen bekommt – meist auf dem Smartphone, oft in Eile. Deshalb beginnen wir nicht mit Farben, sondern mit Fragen: Wer soll die Seite besuchen, was soll er dort erledigen, und was hält ihn heute davon ab?",
      "Daraus entsteht eine Seite mit klarer Struktur, verständlichen Texten und kurzen Ladezeiten. Für Shops wählen wir das System, das zu Ihrem Sortiment und Ihrer Größe passt, binden Zahlungsanbieter, Versand und Warenwirtschaft an und richten alles so ein, dass Ihr Team Produkte und Inhalte selbst pflegen kann.",
      "Bevor etwas live geht, testen wir auf echten Geräten, prüfen Barrierefreiheit und Rechtstexte und zeigen Ihnen in einer Schulung, wie Sie im Alltag zurechtkommen.",
    ],
    includes: [
      "Konzept, Design und Umsetzung aus einer Hand",
      "Shop-Systeme wie Shopify, WooCommerce oder Shopware",
      "Anbindung von Zahlung, Versand und Warenwirtschaft",
      "Einweisung, damit Sie Inhalte selbst pflegen",
    ],
  },
  {
    id: "webentwicklung",
    icon: "code",
    title: "Individuelle Webentwicklung",
    teaser: "Kundenportale, Buchungssysteme und Schnittstellen für Abläufe, die keine Standardsoftware abbildet.",
    paragraphs: [
      "Manche Aufgaben passen in kein fertiges Produkt: ein Portal, in dem Ihre Kunden Unterlagen hochladen, ein Buchungssystem mit Ihren eigenen Regeln oder eine Schnittstelle zwischen zwei Programmen, die nie füreinander gedacht waren.",
      "Wir entwickeln solche Anwendungen mit bewährten, offenen Technologien und in kurzen Etappen. Nach jeder Etappe sehen Sie ein lauffähiges Ergebnis und entscheiden mit, wie es weitergeht – so wächst die Lösung mit Ihren Anforderungen, und das Budget bleibt planbar.",
      "Der Quellcode gehört Ihnen, ist dokumentiert und läuft auf Wunsch bei uns oder auf Ihrer eigenen Infrastruktur.",
    ],
    includes: [
      "Web-Anwendungen und Kundenportale",
      "Schnittstellen zu ERP, CRM und Buchhaltung",
      "Entwicklung in Etappen mit sichtbaren Zwischenständen",
      "Dokumentierter Quellcode, der Ihnen gehört",
    ],
  },
  {
    id: "seo-content",
    icon: "search",
    title: "SEO & Content",
    teaser: "Gefunden werden, wenn Kunden suchen – mit sauberer Technik und Inhalten, die Fragen wirklich beantworten.",
    paragraphs: [
      "Die meisten Anfragen beginnen mit einer Suche. Wir sorgen dafür, dass Suchmaschinen Ihre Seite technisch einwandfrei lesen können, dass Ihr Google-Unternehmensprofil vollständig ist und dass Sie bei den Begriffen auftauchen, die Ihre Kunden tatsächlich verwenden.",
      "Sichtbarkeit entsteht aber vor allem durch gute Inhalte. Gemeinsam mit Ihnen erarbeiten wir Leistungsseiten, Ratgeberartikel und Referenzen, die zeigen, was Sie können – in Ihrer Sprache, nicht in Agentursprache. Auf Wunsch übernehmen wir auch Fotos und Grafiken.",
      "Einmal im Monat sehen Sie, wie sich Besuche, Platzierungen und Anfragen entwickeln, und wir besprechen, was als Nächstes den größten Unterschied macht.",
    ],
    includes: [
      "Technisches SEO und Ladezeit-Optimierung",
      "Lokale Suche und Google-Unternehmensprofil",
      "Texte, Fotos und Grafiken für Website und Social Media",
      "Monatlicher Bericht mit klaren nächsten Schritten",
    ],
  },
  {
    id: "performance-marketing",
    icon: "chart",
    title: "Performance-Marketing",
    teaser:
      "Anzeigen, die messbar Anfragen und Umsatz bringen – und ein Budget, bei dem Sie jeden Euro nachvollziehen.",
    paragraphs: [
      "Werbung im Netz ist schnell geschaltet und ebenso schnell verbrannt. Bevor wir eine Kampagne starten, klären wir, was eine Anfrage oder ein Verkauf für Sie wert ist, und richten eine datenschutzkonforme Messung ein, damit Erfolg keine Gefühlsfrage bleibt.",
      "Dann planen wir Kampagnen bei Google, Meta oder LinkedIn – je nachdem, wo Ihre Kunden unterwegs sind –, schreiben die Anzeigen, bauen passende Landingpages und optimieren laufend auf Ergebnisse statt auf Klicks.",
      "Sie behalten die volle Kontrolle: Die Werbekonten laufen auf Ihren Namen, und unser Monatsbericht zeigt in wenigen Zahlen, was das Budget gebracht hat.",
    ],
    includes: [
      "Google Ads, Meta Ads und LinkedIn Ads",
      "Landingpages und Anzeigentexte",
      "Datenschutzkonforme Erfolgsmessung",
      "Werbekonten auf Ihren Namen",
    ],
  },
  {
    id: "talent-acquisition",
    icon: "users",
    title: "Talent Acquisition",
    teaser: "Fachkräfte finden, die zu Ihnen passen: mit Karriereseite, Stellenanzeigen und gezielten Kampagnen.",
    paragraphs: [
      "Gute Leute lesen selten Stellenbörsen – sie scrollen abends durch ihr Smartphone. Wir zeigen Ihr Unternehmen dort, wo Ihre künftigen Mitarbeiterinnen und Mitarbeiter ohnehin unterwegs sind, und machen es ihnen leicht, sich zu melden.",
      "Dazu gehören eine Karriereseite, die ehrlich zeigt, wie bei Ihnen gearbeitet wird, Stellenanzeigen, die man gern zu Ende liest, und eine Bewerbung in zwei Minuten – ohne Anschreiben und ohne Upload-Marathon.",
      "Wir begleiten die Kampagnen, werten aus, woher die Bewerbungen kommen, und bauen Schritt für Schritt eine Arbeitgebermarke auf, die auch ohne Anzeigenbudget wirkt.",
    ],
    includes: [
      "Karriereseite und Stellenanzeigen",
      "Recruiting-Kampagnen in sozialen Netzwerken",
      "Kurze, mobile Bewerbungsstrecken",
      "Auswertung nach Kanal und Stelle",
    ],
  },
  {
    id: "prozessautomatisierung",
    icon: "zap",
    title: "Prozessautomatisierung",
    teaser: "Weniger Abtippen, weniger Fehler: Wir verbinden Ihre Werkzeuge und automatisieren die Routine.",
    paragraphs: [
      "In vielen Betrieben wandern Daten täglich von Hand von einem Programm ins nächste: Anfragen aus dem Postfach in die Tabelle, Aufträge in die Buchhaltung, Termine in den Kalender. Das kostet Zeit und erzeugt Fehler, die später noch mehr Zeit kosten.",
      "Wir schauen uns Ihre Abläufe gemeinsam mit den Menschen an, die sie jeden Tag erledigen, und suchen die Schritte, bei denen sich Automatisierung wirklich lohnt. Dann verbinden wir Ihre vorhandenen Werkzeuge – mit etablierten Automatisierungsplattformen oder, wo nötig, mit eigener Software.",
      "Jede Automatisierung wird dokumentiert und überwacht. Läuft etwas nicht wie geplant, erfahren wir es zuerst und kümmern uns darum.",
    ],
    includes: [
      "Prozessaufnahme mit Ihrem Team",
      "Verbindung von E-Mail, CRM, Buchhaltung und Kalender",
      "Automatische Angebote, Rechnungen und Erinnerungen",
      "Dokumentation und Überwachung jeder Automatisierung",
    ],
  },
  {
    id: "customer-experience-support",
    icon: "smile",
    title: "Customer Experience & Support",
    teaser: "Ein reibungsloser Weg für Ihre Kunden – und für Sie Hosting, Wartung und Hilfe, wenn es darauf ankommt.",
    paragraphs: [
      "Ein Kunde, der online nicht weiterkommt, ruft selten an – er geht zur Konkurrenz. Wir begleiten Ihre Kunden einmal vom ersten Klick bis zur Rechnung, finden heraus, wo sie hängen bleiben, und vereinfachen diese Stellen: mit klareren Formularen, Online-Terminbuchung, automatischen Bestätigungen oder einem Chat.",
      "Damit alles zuverlässig läuft, betreuen wir Ihre Website auch nach dem Start: Hosting auf schnellen Servern in Deutschland, Sicherheitsupdates, tägliche Backups und Überwachung rund um die Uhr.",
      "Wenn Sie eine Frage haben, erreichen Sie einen Menschen, der Ihr Projekt kennt – per Telefon, E-Mail oder Chat, werktags von 9 bis 18 Uhr.",
    ],
    includes: [
      "Analyse der Customer Journey",
      "Online-Terminbuchung, Chat und automatische Bestätigungen",
      "Hosting in Deutschland mit Updates und täglichen Backups",
      "Fester Ansprechpartner ohne Ticket-Warteschleife",
    ],
  },
];
