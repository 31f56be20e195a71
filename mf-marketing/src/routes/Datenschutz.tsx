import { site } from "@klarwerk/kit";
import { PageHero, Section } from "../components/PageHero";

export default function Datenschutz() {
  return (
    <>
      <PageHero eyebrow="Rechtliches" title="Datenschutz">
        <p>Kurz gesagt: Wir speichern nur, was Sie uns über das Kontaktformular mitteilen.</p>
      </PageHero>
      <Section>
        <div className="mk-prose">
          <h2>Welche Daten wir speichern</h2>
          <p>
            Wenn Sie uns über das Kontaktformular schreiben, speichern wir Ihren Namen, Ihre E-Mail-Adresse, optional
            Ihr Unternehmen und Ihre Nachricht. Wir verwenden diese Angaben ausschließlich, um Ihre Anfrage zu
            beantworten, und löschen sie, sobald sie beantwortet ist.
          </p>
          <h2>Ihre Rechte</h2>
          <p>
            Sie haben das Recht auf Auskunft, Berichtigung, Löschung und Einschränkung der Verarbeitung Ihrer Daten
            sowie auf Widerspruch und Datenübertragbarkeit. Außerdem können Sie sich bei einer
            Datenschutz-Aufsichtsbehörde beschweren.
          </p>
          <h2>Kontakt</h2>
          <p>
            Verantwortlich ist die {site.legalName}, {site.address.street}, {site.address.postalCode}{" "}
            {site.address.city}. Fragen zum Datenschutz richten Sie bitte an{" "}
            <a href={`mailto:${site.email}`}>{site.email}</a>.
          </p>
        </div>
      </Section>
    </>
  );
}
