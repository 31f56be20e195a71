import { describe, expect, test } from "bun:test";
import {
  abuseLimitCleanupMinutes,
  auditRetentionDefaultYears,
  clientReportRetentionDays,
  contactRetentionDays,
  invoiceRestrictedUntil,
  invoiceRetentionYears,
} from "@klarwerk/kit";
import { renderToStaticMarkup } from "react-dom/server";
import Datenschutz from "../src/features/pages/Datenschutz";

// The privacy notice must say what the product does. The figures come from the
// kit, which the API's limits and retention read too (api/test/http/privacy-facts.test.ts).
const text = renderToStaticMarkup(<Datenschutz />)
  .replace(/<[^>]+>/g, " ")
  .replace(/\s+/g, " ");

describe("the privacy notice", () => {
  test("the address counting lives in the database, for stated windows, deleted within minutes after", () => {
    expect(text).not.toContain("Arbeitsspeicher");
    expect(text).toContain("speichert er in seiner Datenbank die IP-Adresse oder E-Mail-Adresse");
    expect(text).toContain("Nachrichten (in 15 Minuten), Registrierungen (in einer Stunde)");
    expect(text).toContain(
      "Meldungen Ihres Browsers über das Laden von Seitenteilen und, während wir eine neue Version erproben, seine Abfragen der zu ladenden Versionen (in 10 Minuten)",
    );
    expect(text).toContain("die ersten 64 Bit");
    expect(text).toContain(`innerhalb von ${abuseLimitCleanupMinutes} Minuten`);
  });

  test("the summary promises no more than the page: only personal data are limited to the contact form", () => {
    expect(text).toContain("Von Ihren persönlichen Daten speichern wir nur, was Sie uns über das Kontaktformular");
    expect(text).toContain("die einzigen personenbezogenen Daten von Besuchern, die wir speichern; zum Schutz vor");
  });

  test("requests and the mails about them go after the retention period", () => {
    expect(text).toContain(`löschen es ${contactRetentionDays} Tage, nachdem Ihre Anfrage beantwortet ist`);
    expect(text).toContain("Mit der Anfrage löscht es auch die E-Mails dazu aus seinem Postausgang");
  });

  test("the periods come from the numbers the API deletes by: requests never longer, invoices the years the restriction ends after", () => {
    expect(text).toContain(`länger als ${contactRetentionDays} Tage bewahrt es erledigte Anfragen nie auf`);
    expect(text).toContain(
      `bewahren wir Rechnungen an Sie ${invoiceRetentionYears} Jahre ab dem Ende des Kalenderjahres auf, in dem sie ausgestellt wurden`,
    );
    // The same years the erasure plan restricts an invoice for: issued in 2025, kept to the end of 2025 + years.
    expect(invoiceRestrictedUntil("2025-06-30")).toBe(`${2025 + invoiceRetentionYears}-12-31`);
    expect(text).toContain("schränken wir ihre Verarbeitung bis zum Ende dieser Frist ein (Art. 18 DSGVO)");
  });

  test("a browser's error reports are named with what they hold and go after the stated period", () => {
    expect(text).toContain("die Fehlermeldung und die Bezeichnung Ihres Browsers, nicht aber Ihre IP-Adresse");
    expect(text).toContain(`löscht diese Meldungen automatisch ${clientReportRetentionDays} Tage nach ihrem Eingang`);
    expect(text).toContain(
      "ein Pseudonym des Netzes Ihrer IP-Adresse (bei IPv4 die ersten 24, bei IPv6 die ersten 64 Bit)",
    );
    expect(text).not.toContain("aus der zufälligen Kennung abgeleitetes Pseudonym");
  });

  test("the address of a refused deploy key is kept in the trail, and for how long", () => {
    expect(text).toContain("Weist er einen Auslieferungsschlüssel ab");
    expect(text).toContain(`dieser Eintrag wird nach ${auditRetentionDefaultYears.security} Jahr gelöscht`);
  });

  test("the device cookie of the portal's sign-in is named", () => {
    expect(text).not.toContain("Wir setzen keine Cookies");
    expect(text).toContain("ein Cookie, das diesen Browser als bereits angemeldetes Gerät wiedererkennt");
  });
});
