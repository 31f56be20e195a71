// Customers named the way a German agency's real customers are named, for the open-loop bench
// (issue 48: "names like real firms, not 20 trades × 50 surnames"). Seven shapes of name drawn
// from ~230 surnames (German, Turkish, Polish, Italian, Greek, Vietnamese, …), ~110 brand stems with
// 24 endings, 90 lines of business, 16 legal forms and 120 cities, so words, prefixes and
// fragments are spread the way a real list spreads them: a few very common words ("GmbH",
// "Müller"), a long tail of rare ones. The same rows for the same count every run (seeded).
// E-mail addresses are a person's or the office's at the firm's own domain; phone numbers in the
// forms people type them ("+49 30 1234567", "030/1234567", "0171 2345678"); the Kundennummer
// (debitor_number) is the database's own.
import type { Sql } from "../../api/src/db/open.ts";
import { seededRandom } from "../../mf-invoices/test/fixtures.ts";

const surnames = (
  "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter " +
  "Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt Werner Schmitz " +
  "Krause Meier Lehmann Schmid Schulze Maier Köhler Herrmann König Walter Mayer Huber Kaiser Fuchs Peters Lang " +
  "Scholz Möller Weiß Jung Hahn Schubert Vogel Friedrich Keller Günther Frank Berger Winkler Roth Beck Lorenz " +
  "Baumann Franke Albrecht Schuster Simon Ludwig Böhm Winter Kraus Martin Schumacher Krämer Vogt Stein Jäger " +
  "Otto Sommer Groß Seidel Heinrich Brandt Haas Schreiber Graf Schulte Dietrich Ziegler Kuhn Kühn Pohl Engel " +
  "Horn Busch Bergmann Thomas Voigt Sauer Arnold Wolff Pfeiffer Yılmaz Kaya Demir Şahin Çelik Yıldız Öztürk " +
  "Aydın Özdemir Arslan Doğan Kılıç Nowak Kowalski Wiśniewski Wójcik Kamiński Lewandowski Zieliński Rossi " +
  "Russo Ferrari Esposito Bianchi Romano Colombo Ricci Papadopoulos Georgiou Nikolaidis Nguyen Tran Le Pham " +
  "Hoang Popescu Ionescu Petrović Jovanović Horvat Kovačević Novák Dvořák Ivanova Smirnov Kuznetsov Sokolov " +
  "García Fernández López Martínez Silva Santos Ferreira Pereira Jansen de Vries van Dijk Bakker Andersen " +
  "Nielsen Hansen Johansson Lindqvist O'Brien Murphy Kelly Smith Johnson Brown Dubois Moreau Lefèvre Laurent " +
  "Haddad Khalil Nasser Abdullah Rahman Okafor Mensah Wang Li Zhang Chen Liu Kim Park Tanaka Sato Suzuki " +
  "Eichhorn Falkenberg Grünewald Hollweg Imhof Jankowski Kessler Lindemann Marquardt Nussbaum Oberländer " +
  "Pfannkuch Quandt Rosenthal Sternberg Tillmann Ullrich Vierling Wendland Zöllner Achenbach Blümel " +
  "Dreßler Eberhardt Feldmann Gutknecht Heß Ißleib Jürgens Kröger Löffler Mößner Nöth Pröll Rühl Schüßler " +
  "Tröger Übelhör Wöhrle Zschäpe-Lorenz Meyer-Landrut Schulze-Delitzsch Müller-Lüdenscheidt"
).split(" ");
const firstNames = (
  "anna maria lena laura julia sarah lisa katharina sophie hannah emma mia lea nina jana tanja sabine petra " +
  "andrea claudia ayşe elif zeynep agnieszka giulia eleni linh thomas michael andreas stefan christian markus " +
  "jan lukas tim felix jonas paul max david daniel tobias florian sebastian alexander mehmet mustafa ahmet " +
  "piotr marco giorgos minh ivan pavel jens uwe frank dirk holger ralf bernd klaus jürgen"
).split(" ");
const brandStems = (
  "Nord Süd Ost West Elb Rhein Main Isar Spree Havel Weser Alster Ruhr Mosel Neckar Donau Alpen Harz Eifel " +
  "Taunus Heide Küsten Hafen Brücken Turm Stern Licht Blau Grün Rot Weiß Gold Silber Eisen Kupfer Stahl Holz " +
  "Stein Glas Feder Anker Segel Welle Wind Sonnen Mond Berg Tal Wald Feld Garten Quell Fluss See Insel Bogen " +
  "Kreis Punkt Linie Fokus Impuls Vektor Prisma Orbit Pixel Byte Code Daten Netz Cloud Logik Kontor Manufaktur " +
  "Werkstatt Atelier Studio Labor Forum Campus Pilot Kompass Leucht Falken Adler Luchs Biber Fuchs Eulen " +
  "Kranich Möwen Hirsch Bären Löwen Tiger Kolibri Libellen Ahorn Eichen Linden Birken Tannen Kiefern Lavendel " +
  "Ginkgo Ivy Nova Terra Aqua Vita Lumen Vario Optima Prima Astra Solar"
).split(" ");
const brandEndings = (
  "werk licht feld haus hof blick punkt raum zeit kraft wert form art weg tor gut land markt bau tec " +
  "works lab hub pro"
).split(" ");
const businesses = (
  "Bäckerei Konditorei Metzgerei Autohaus Kfz-Werkstatt Zahnarztpraxis Arztpraxis Praxis Kanzlei Rechtsanwälte " +
  "Steuerberatung Steuerbüro Wirtschaftsprüfung Architekturbüro Ingenieurbüro Elektrotechnik Haustechnik " +
  "Sanitär Heizungsbau Dachdeckerei Zimmerei Schreinerei Tischlerei Malerbetrieb Fliesenleger Gartenbau " +
  "Landschaftsbau Friseursalon Kosmetikstudio Physiotherapie Ergotherapie Apotheke Optik Hörakustik " +
  "Fahrschule Reisebüro Hotel Pension Gasthaus Restaurant Café Weinhandlung Feinkost Blumenladen Buchhandlung " +
  "Druckerei Werbeagentur Medien Digital Software Consulting Beratung Logistik Spedition Transporte Umzüge " +
  "Gebäudereinigung Hausverwaltung Immobilien Versicherungsmakler Finanzberatung Personalservice Sicherheitsdienst " +
  "Pflegedienst Tierarztpraxis Hundeschule Yogastudio Fitnessstudio Tanzschule Musikschule Sprachschule " +
  "Nachhilfe Fotostudio Tonstudio Eventservice Catering Getränkehandel Baustoffe Metallbau Stahlbau Maschinenbau " +
  "Automation Solartechnik Energieberatung Recycling Entsorgung Textilpflege Schneiderei Goldschmiede Uhrmacher " +
  "Orthopädietechnik Zahntechnik Labor Messebau Bootsbau"
).split(" ");
const forms = [
  "GmbH",
  "GmbH",
  "GmbH",
  "GmbH & Co. KG",
  "KG",
  "e.K.",
  "GbR",
  "AG",
  "UG (haftungsbeschränkt)",
  "OHG",
  "PartG mbB",
  "eG",
  "e.V.",
  "& Söhne",
  "& Partner",
  "Inh. ",
];
const cities = (
  "Berlin Hamburg München Köln Frankfurt Stuttgart Düsseldorf Leipzig Dortmund Essen Bremen Dresden Hannover " +
  "Nürnberg Duisburg Bochum Wuppertal Bielefeld Bonn Münster Mannheim Karlsruhe Augsburg Wiesbaden Kiel Aachen " +
  "Rostock Potsdam Freiburg Lübeck Erfurt Mainz Kassel Halle Magdeburg Oldenburg Osnabrück Heidelberg Darmstadt " +
  "Regensburg Ulm Würzburg Göttingen Wolfsburg Ingolstadt Fürth Erlangen Bamberg Bayreuth Passau Landshut " +
  "Rosenheim Kempten Konstanz Tübingen Reutlingen Pforzheim Heilbronn Esslingen Ludwigsburg Offenburg Trier " +
  "Koblenz Kaiserslautern Saarbrücken Siegen Paderborn Gütersloh Detmold Hamm Soest Lüdenscheid Hagen Iserlohn " +
  "Krefeld Mönchengladbach Neuss Solingen Remscheid Leverkusen Gelsenkirchen Recklinghausen Bottrop Oberhausen " +
  "Mülheim Moers Wesel Bocholt Flensburg Schwerin Wismar Stralsund Greifswald Neubrandenburg Cottbus " +
  "Frankfurt (Oder) Brandenburg Chemnitz Zwickau Plauen Görlitz Bautzen Jena Weimar Gera Gotha Eisenach Suhl " +
  "Dessau-Roßlau Wittenberg Stendal Celle Lüneburg Hildesheim Salzgitter Goslar Emden Wilhelmshaven Cuxhaven " +
  "Stade Husum Sylt"
).split(" ");
const legalOnly = (form: string) => form !== "& Söhne" && form !== "& Partner" && form !== "Inh. ";

/** ASCII for a domain or mailbox: umlauts as ae/oe/ue/ss, other accents dropped, no spaces. */
function asciiOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/ı/g, "i")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9-]+/g, "");
}

interface SeedRow {
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  status: string;
}

/** The next customer from the seeded random numbers (names may repeat, as real ones do). */
function customerRow(random: () => number): SeedRow {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  // Long tails: squaring favours the start of a list (the common surnames, cities, forms).
  const pickCommon = <T>(list: readonly T[]): T => list[Math.floor(random() ** 2 * list.length)] as T;
  const surname = pickCommon(surnames);
  const city = pickCommon(cities);
  const business = pick(businesses);
  const form = pickCommon(forms);
  const brand = `${pick(brandStems)}${pick(brandEndings)}`;
  const shape = random();
  let name: string;
  let domainWord: string;
  if (shape < 0.22) {
    name = `${surname} ${business} ${legalOnly(form) ? form : "GmbH"}`;
    domainWord = `${surname}-${business}`;
  } else if (shape < 0.4) {
    name = `${brand} ${pick(["", "", `${business} `])}${legalOnly(form) ? form : "GmbH"}`;
    domainWord = brand;
  } else if (shape < 0.58) {
    name = form === "Inh. " ? `${business} ${surname}, Inh. ${pick(firstNames)} ${surname}` : `${business} ${surname}`;
    domainWord = `${business}-${surname}`;
  } else if (shape < 0.68) {
    const partner = pick(surnames);
    name = `${surname} & ${partner} ${pick(["Rechtsanwälte", "Steuerberater", "Architekten", "Partner", business])}`;
    domainWord = `${surname}-${partner}`;
  } else if (shape < 0.76) {
    const letters = Array.from({ length: 2 + Math.floor(random() * 3) }, () =>
      String.fromCharCode(65 + Math.floor(random() * 26)),
    ).join("");
    name = `${letters} ${business} ${legalOnly(form) ? form : "GmbH"}`;
    domainWord = `${letters}-${business}`;
  } else if (shape < 0.86) {
    name = `${business} ${brand} ${city}`;
    domainWord = `${brand}-${city}`;
  } else if (shape < 0.93) {
    name = `Dr. ${pick(firstNames).replace(/^./, (first) => first.toUpperCase())} ${surname}`;
    domainWord = `dr-${surname}`;
  } else {
    name = `${surname} ${pick(["Holding", "Gruppe", "Service", "Handel", "Technik", "Systeme"])} ${legalOnly(form) ? form : "AG"}`;
    domainWord = `${surname}-gruppe`;
  }
  const domain = `${asciiOf(domainWord)}${random() < 0.3 ? `-${asciiOf(city)}` : ""}.${pick(["de", "de", "de", "com", "eu", "net", "berlin"])}`;
  const mailbox =
    random() < 0.5
      ? pick(["info", "kontakt", "office", "buero", "mail", "hallo"])
      : `${pick(firstNames)}.${asciiOf(surname)}`;
  const area = 30 + Math.floor(random() * 9000);
  const number = 100_000 + Math.floor(random() * 9_899_999);
  const phoneShape = random();
  const phone =
    phoneShape < 0.35
      ? `+49 ${area} ${number}`
      : phoneShape < 0.6
        ? `0${area}/${number}`
        : phoneShape < 0.75
          ? `0${area} ${String(number).replace(/(\d{3})(?=\d)/g, "$1 ")}`
          : phoneShape < 0.85
            ? `01${pick(["51", "52", "60", "62", "70", "71", "72", "76"])} ${number}`
            : null;
  return {
    name: name.replace(/\s+/g, " ").trim(),
    email:
      random() < 0.85
        ? `${asciiOf(mailbox.split(".")[0] ?? mailbox)}${mailbox.includes(".") ? `.${asciiOf(surname)}` : ""}@${domain}`
        : null,
    phone,
    website: random() < 0.6 ? `https://www.${domain}` : null,
    status: pick(["angerufen", "in_kontakt", "keine_rueckmeldung", "abweisung", "gespraeche", "vertrag"]),
  };
}

/** How many rows one INSERT carries: under PostgreSQL's 65 535 parameters with 6 columns. */
const batchRows = 5000;

/**
 * `count` customers (ids 1..count in a fresh database), created oldest first a minute apart up
 * to now, then VACUUM ANALYZE as autovacuum would leave a database in use. 100 000 take ~10 s,
 * 1 000 000 ~2 minutes.
 */
export async function seedRealisticCustomers(sql: Sql, count: number): Promise<void> {
  const random = seededRandom(48);
  const now = Date.now();
  for (let start = 0; start < count; start += batchRows) {
    const rows = Array.from({ length: Math.min(batchRows, count - start) }, (_, offset) => {
      const index = start + offset;
      return { ...customerRow(random), created_at: new Date(now - (count - index) * 60_000) };
    });
    await sql`insert into customers ${sql(rows, "name", "email", "phone", "website", "status", "created_at")}`;
  }
  await sql`vacuum analyze customers`;
}
