import {
  abuseLimitCleanupMinutes,
  abuseLimitWindowMinutes,
  auditRetentionDefaultYears,
  clientReportRetentionDays,
  contactRetentionDays,
  invoiceRetentionYears,
  site,
} from "@klarwerk/kit";
import { PageHero, Section } from "../../shared/components/PageHero";

const widget = site.reviewWidget;
const windows = abuseLimitWindowMinutes;

/** "15 Minuten", "einer Stunde". */
function duration(minutes: number): string {
  return minutes === 60 ? "einer Stunde" : `${minutes} Minuten`;
}

export default function Datenschutz() {
  return (
    <>
      <PageHero eyebrow="Rechtliches" title="Datenschutz">
        <p>
          Kurz gesagt: Von Ihren persönlichen Daten speichern wir nur, was Sie uns über das Kontaktformular mitteilen,
          verwenden es nur, um Ihnen zu antworten, und löschen es {contactRetentionDays} Tage, nachdem Ihre Anfrage
          beantwortet ist.
        </p>
      </PageHero>
      <Section>
        <div className="mk-prose">
          <h2 id="verantwortlicher">Verantwortlicher</h2>
          <p>
            Verantwortlich für die Verarbeitung personenbezogener Daten auf dieser Website ist die {site.legalName},{" "}
            {site.address.street}, {site.address.postalCode} {site.address.city}, {site.country}. Sie erreichen uns
            unter <a href={`mailto:${site.email}`}>{site.email}</a> oder telefonisch unter{" "}
            <a href={site.phoneHref}>{site.phone}</a>.
          </p>

          <h2 id="kontaktformular">Kontaktformular</h2>
          <p>
            Wenn Sie uns über das Kontaktformular schreiben, speichern wir Ihren Namen, Ihre E-Mail-Adresse, optional
            Ihr Unternehmen, Ihre Nachricht und den Zeitpunkt des Eingangs. Das sind die einzigen personenbezogenen
            Daten von Besuchern, die wir speichern; zum Schutz vor Missbrauch zählt unser Server außerdem kurzzeitig
            IP-Adressen (siehe unten). Wir verwenden sie ausschließlich, um Ihre Anfrage zu beantworten; wir geben sie
            nicht weiter und nutzen sie nicht für Werbung.
          </p>
          <p>
            Über Ihre Anfrage benachrichtigt unser System unser Team per E-Mail, und unsere Antwort erhalten Sie per
            E-Mail. Beide E-Mails enthalten Ihre Angaben; eine Kopie liegt im Postausgang unseres Systems, bis sie
            zusammen mit Ihrer Anfrage gelöscht wird.
          </p>
          <p>
            Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, wenn Ihre Anfrage auf einen Vertrag zielt, sonst unser
            berechtigtes Interesse, Anfragen zu beantworten (Art. 6 Abs. 1 lit. f DSGVO).
          </p>

          <h2 id="speicherdauer">Speicherdauer</h2>
          <p>
            Ihre Anfrage bleibt gespeichert, bis wir sie beantwortet haben. Danach markieren wir sie als erledigt; unser
            System löscht erledigte Anfragen automatisch {contactRetentionDays} Tage später. Die Frist gibt uns Zeit für
            Rückfragen zu derselben Anfrage. Mit der Anfrage löscht es auch die E-Mails dazu aus seinem Postausgang: die
            Benachrichtigung an unser Team und unsere Antworten an Sie. Möchten Sie, dass wir Ihre Daten früher löschen,
            genügt eine E-Mail.
          </p>
          <p>
            Diese Frist können wir in unserem System kürzer einstellen, dann löscht es entsprechend früher; länger als{" "}
            {contactRetentionDays} Tage bewahrt es erledigte Anfragen nie auf.
          </p>
          <p>
            Werden Sie unser Kunde, bewahren wir Rechnungen an Sie {invoiceRetentionYears} Jahre ab dem Ende des
            Kalenderjahres auf, in dem sie ausgestellt wurden, wie es das Steuer- und Handelsrecht verlangt (§ 147 Abs.
            3 AO, § 14b Abs. 1 UStG, § 257 Abs. 4 HGB; Art. 6 Abs. 1 lit. c DSGVO). Verlangen Sie vorher die Löschung,
            schränken wir ihre Verarbeitung bis zum Ende dieser Frist ein (Art. 18 DSGVO): Nur noch für Steuerprüfung
            und Rechtsansprüche sind sie zugänglich. Am Tag danach löscht unser System sie automatisch.
          </p>

          <h2 id="missbrauchsschutz">Schutz vor Missbrauch</h2>
          <p>
            Damit Kontaktformular, Registrierung und Anmeldung nicht massenhaft missbraucht werden, zählt unser Server,
            wie viele Nachrichten (in {duration(windows.contact)}), Registrierungen (in {duration(windows.registration)}
            ), Anfragen nach einem neuen Passwort (in {duration(windows.passwordReset)}), fehlgeschlagene Anmeldungen
            und abgewiesene Auslieferungsschlüssel (in {duration(windows.login)}), Meldungen Ihres Browsers über das
            Laden von Seitenteilen und, während wir eine neue Version erproben, seine Abfragen der zu ladenden Versionen
            (in {duration(windows.clientReports)}) von einer IP-Adresse kamen; bei einer IPv6-Adresse zählt ihr Netz
            (die ersten 64 Bit). Fehlgeschlagene Anmeldungen und Anfragen nach einem neuen Passwort zählt er außerdem je
            E-Mail-Adresse. Dafür speichert er in seiner Datenbank die IP-Adresse oder E-Mail-Adresse, die Anzahl und
            das Ende des Zeitraums. Nach dessen Ende löscht er den Eintrag innerhalb von {abuseLimitCleanupMinutes}{" "}
            Minuten. Weist er einen Auslieferungsschlüssel ab (ein Zugang nur für unsere Entwickler), hält er die
            IP-Adresse des Aufrufs außerdem in seinem Protokoll fest, damit sich das Erraten von Schlüsseln
            zurückverfolgen lässt; dieser Eintrag wird nach {auditRetentionDefaultYears.security}{" "}
            {auditRetentionDefaultYears.security === 1 ? "Jahr" : "Jahren"} gelöscht.
          </p>

          <h2 id="bewertungs-widget">Bewertungs-Widget von {widget.platform}</h2>
          <p>
            Im Fußbereich der Website können wir unsere Kundenbewertungen bei {widget.platform} anzeigen. Anbieter ist
            die {widget.provider}. Das Widget laden wir nur, wenn Sie im Hinweis zum Bewertungs-Widget auf „Akzeptieren“
            klicken (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG). Ohne Ihre Zustimmung wird keine Verbindung zu{" "}
            {widget.platform} aufgebaut.
          </p>
          <p>
            Haben Sie zugestimmt, lädt Ihr Browser ein Skript von den Servern von {widget.platform}. Dabei erhält{" "}
            {widget.platform} Ihre IP-Adresse, Angaben zu Ihrem Browser und die Adresse der Seite, die Sie gerade
            besuchen; {widget.platform} kann außerdem Daten in Ihrem Browser speichern. Was {widget.platform} mit diesen
            Daten tut, erklärt der Anbieter in seinen{" "}
            <a href={widget.privacyUrl} target="_blank" rel="noopener noreferrer">
              Datenschutzhinweisen
              <span className="visually-hidden"> (öffnet in neuem Tab)</span>
            </a>
            .
          </p>
          <p>
            Ihre Entscheidung merken wir uns in Ihrem Browser. Sie können sie jederzeit über „Datenschutz-Einstellungen“
            im Fußbereich ändern und Ihre Zustimmung so mit Wirkung für die Zukunft widerrufen. Der Link „Bewerten Sie
            uns auf Trustpilot“ im Fußbereich ist ein gewöhnlicher Link: Erst wenn Sie ihn anklicken, öffnet sich die
            Seite von {widget.platform}.
          </p>

          <h2 id="browser-speicher">Speicher im Browser</h2>
          <p>
            Im lokalen Speicher Ihres Browsers legen wir nur ab, was für die Funktion der Seite nötig ist: Ihre
            Entscheidung zum Bewertungs-Widget, Ihre Anmeldung (wenn Sie sich im Kundenportal anmelden) und eine
            zufällige Kennung ohne Bezug zu Ihrer Person. Führen wir eine neue Version eines Seitenteils schrittweise
            ein, sehen Sie mit ihr auf jeder Seite dieselbe Version; sie verlässt Ihren Browser nur mit der Abfrage,
            welche Versionen zu laden sind. Nur wer sich im Kundenportal anmeldet, erhält außerdem ein Cookie, das
            diesen Browser als bereits angemeldetes Gerät wiedererkennt: Versucht jemand, das Passwort des Kontos zu
            erraten, bleibt die Anmeldung von diesem Gerät aus möglich. Es enthält nur die Nummer des Kontos und den
            Zeitpunkt der Anmeldung und gilt 180 Tage. Besucher der übrigen Seiten erhalten keine Cookies. All das ist
            technisch notwendig (§ 25 Abs. 2 TDDDG); Sie können diese Einträge jederzeit in Ihrem Browser löschen.
          </p>

          <h2 id="server">Aufruf der Website</h2>
          <p>
            Beim Aufruf der Seiten verarbeitet unser Server technisch notwendige Angaben wie Ihre IP-Adresse, um Ihnen
            die Seiten auszuliefern. Wir führen keine Zugriffsprotokolle, setzen keine Analyse- oder Werbewerkzeuge ein
            und binden ohne Ihre Zustimmung keine Inhalte Dritter ein. Lässt sich ein Seitenteil nicht laden oder
            anzeigen, meldet Ihr Browser das unserem Server, damit wir den Fehler beheben können. Wir speichern dazu,
            welcher Teil in welcher Version auf welcher Seite betroffen war, die Fehlermeldung und die Bezeichnung Ihres
            Browsers, nicht aber Ihre IP-Adresse; sind Sie im Kundenportal angemeldet, auch Ihr Konto. Damit beim
            Vergleich zweier Versionen jedes Netz nur einmal zählt, speichern wir zu diesen Meldungen und zu
            erfolgreichen Ladevorgängen ein Pseudonym des Netzes Ihrer IP-Adresse (bei IPv4 die ersten 24, bei IPv6 die
            ersten 64 Bit), aus dem sich ohne unseren geheimen Schlüssel weder das Netz noch Ihre IP-Adresse
            zurückgewinnen lässt; es wird mit ihnen gelöscht. Unser System löscht diese Meldungen automatisch{" "}
            {clientReportRetentionDays} Tage nach ihrem Eingang.
          </p>

          <h2 id="rechte">Ihre Rechte</h2>
          <p>Sie haben jederzeit das Recht auf</p>
          <ul>
            <li>Auskunft über die Daten, die wir über Sie gespeichert haben (Art. 15 DSGVO),</li>
            <li>Berichtigung unrichtiger Daten (Art. 16 DSGVO),</li>
            <li>Löschung Ihrer Daten (Art. 17 DSGVO),</li>
            <li>Einschränkung der Verarbeitung (Art. 18 DSGVO),</li>
            <li>Datenübertragbarkeit (Art. 20 DSGVO),</li>
            <li>Widerspruch gegen die Verarbeitung (Art. 21 DSGVO) und</li>
            <li>Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO).</li>
          </ul>
          <p>
            Außerdem können Sie sich bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO), zum Beispiel bei
            der Berliner Beauftragten für Datenschutz und Informationsfreiheit.
          </p>

          <h2 id="kontakt">Kontakt zum Datenschutz</h2>
          <p>
            Fragen zum Datenschutz und Anträge zu Ihren Rechten richten Sie bitte an{" "}
            <a href={`mailto:${site.email}`}>{site.email}</a>. Wir antworten Ihnen innerhalb eines Monats, meist
            deutlich schneller.
          </p>
        </div>
      </Section>
    </>
  );
}
