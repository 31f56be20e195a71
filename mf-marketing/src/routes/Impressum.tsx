import { site } from "@klarwerk/kit";
import { PageHero, Section } from "../components/PageHero";

export default function Impressum() {
  return (
    <>
      <PageHero eyebrow="Rechtliches" title="Impressum">
        <p>Angaben gemäß § 5 DDG.</p>
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
          <h2>Vertreten durch</h2>
          <p>Geschäftsführung: {site.managingDirectors.join(", ")}</p>
          <h2>Kontakt</h2>
          <p>
            E-Mail: <a href={`mailto:${site.email}`}>{site.email}</a>
            <br />
            Telefon: <a href={site.phoneHref}>{site.phone}</a>
          </p>
          <h2>Registereintrag</h2>
          <p>
            {site.register.court}, {site.register.number}
          </p>
          <h2>Umsatzsteuer-ID</h2>
          <p>Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: {site.vatId}</p>
          <h2>Haftung für Inhalte und Links</h2>
          <p>
            Wir erstellen die Inhalte dieser Seiten mit Sorgfalt, übernehmen für ihre Richtigkeit, Vollständigkeit und
            Aktualität jedoch keine Gewähr. Für Inhalte verlinkter externer Seiten sind ausschließlich deren Betreiber
            verantwortlich; bei Bekanntwerden von Rechtsverletzungen entfernen wir entsprechende Links umgehend.
          </p>
        </div>
      </Section>
    </>
  );
}
