import { site } from "@klarwerk/kit";
import { PageHero } from "../components/PageHero";

export default function Contact() {
  return (
    <PageHero eyebrow="Kontakt" title="Sprechen Sie mit uns.">
      <p>
        Schreiben Sie uns an <a href={`mailto:${site.email}`}>{site.email}</a> oder rufen Sie an unter{" "}
        <a href={site.phoneHref}>{site.phone}</a> ({site.openingHours} Uhr). Wir antworten binnen 24 Stunden.
      </p>
    </PageHero>
  );
}
