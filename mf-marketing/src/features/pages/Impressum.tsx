import { site } from "@klarwerk/kit";
import { PageHero, Section } from "../../shared/components/PageHero";

const [responsible = ""] = site.managingDirectors;

export default function Impressum() {
  return (
    <>
      <PageHero eyebrow="Rechtliches" title="Impressum">
        <p>Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)</p>
      </PageHero>
      <Section>
        <div className="mk-prose">
          <h2>Anbieter</h2>
          <p>
            {site.legalName}
            <br />
            {site.address.street}
            <br />
            {site.address.postalCode} {site.address.city}
            <br />
            {site.country}
          </p>

          <h2>Rechtsform und Vertretung</h2>
          <p>
            Gesellschaft mit beschränkter Haftung (GmbH), vertreten durch die Geschäftsführung:{" "}
            {site.managingDirectors.join(" und ")}
          </p>

          <h2>Kontakt</h2>
          <p>
            E-Mail: <a href={`mailto:${site.email}`}>{site.email}</a>
            <br />
            Telefon: <a href={site.phoneHref}>{site.phone}</a> ({site.openingHours} Uhr)
          </p>

          <h2>Registereintrag</h2>
          <p>
            Eingetragen im Handelsregister.
            <br />
            Registergericht: {site.register.court}
            <br />
            Registernummer: {site.register.number}
          </p>

          <h2>Umsatzsteuer-Identifikationsnummer</h2>
          <p>Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: {site.vatId}</p>

          <h2>Verantwortlich für den Inhalt</h2>
          <p>
            Verantwortlich im Sinne des § 18 Abs. 2 Medienstaatsvertrag: {responsible}, {site.address.street},{" "}
            {site.address.postalCode} {site.address.city}
          </p>

          <h2>Verbraucherstreitbeilegung</h2>
          <p>
            Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
            Verbraucherschlichtungsstelle teilzunehmen.
          </p>

          <h2>Haftung für Inhalte</h2>
          <p>
            Wir erstellen die Inhalte dieser Seiten mit größtmöglicher Sorgfalt. Für die Richtigkeit, Vollständigkeit
            und Aktualität der Inhalte können wir jedoch keine Gewähr übernehmen. Als Diensteanbieter sind wir für
            eigene Inhalte auf diesen Seiten nach den allgemeinen Gesetzen verantwortlich, nicht aber verpflichtet,
            übermittelte oder gespeicherte fremde Informationen zu überwachen. Sobald wir von einer konkreten
            Rechtsverletzung erfahren, entfernen wir die betreffenden Inhalte umgehend.
          </p>

          <h2>Haftung für Links</h2>
          <p>
            Unsere Seiten enthalten Links zu externen Websites Dritter, auf deren Inhalte wir keinen Einfluss haben. Für
            diese fremden Inhalte ist stets der jeweilige Anbieter oder Betreiber der Seiten verantwortlich. Zum
            Zeitpunkt der Verlinkung waren keine Rechtsverstöße erkennbar; werden uns Rechtsverletzungen bekannt,
            entfernen wir die betreffenden Links umgehend.
          </p>

          <h2>Urheberrecht</h2>
          <p>
            Die Texte, Grafiken und der Quellcode dieser Website unterliegen dem deutschen Urheberrecht. Eine
            Vervielfältigung, Bearbeitung oder Verbreitung außerhalb der Grenzen des Urheberrechts bedarf unserer
            schriftlichen Zustimmung.
          </p>
        </div>
      </Section>
    </>
  );
}
