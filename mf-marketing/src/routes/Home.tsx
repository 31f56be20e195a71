import { Link } from "react-router";
import { PageHero, Section } from "../components/PageHero";

const values = [
  {
    title: "Persönlich",
    text: "Sie haben feste Ansprechpartner, die Ihr Unternehmen kennen – keine Ticketnummern, keine Warteschleifen.",
  },
  {
    title: "Praktisch",
    text: "Wir lösen das Problem, das Sie wirklich haben, mit Werkzeugen, die in Ihren Alltag passen.",
  },
  {
    title: "Partnerschaftlich",
    text: "Wir denken langfristig mit, sagen offen, was sich lohnt – und was nicht.",
  },
] as const;

const steps = [
  { title: "Zuhören", text: "Wir verstehen zuerst Ihr Problem – nicht unser Produkt." },
  { title: "Lösen", text: "Pragmatisch, mit Werkzeugen, die zu Ihrem Betrieb passen." },
  { title: "Begleiten", text: "Support, Hosting und Weiterentwicklung aus einer Hand." },
] as const;

function HowWeWork() {
  return (
    <aside className="mk-hero-panel" aria-labelledby="how-title">
      <p id="how-title" className="mk-hero-panel__title">
        So arbeiten wir
      </p>
      <ol className="mk-hero-panel__steps">
        {steps.map((step) => (
          <li key={step.title}>
            <strong>{step.title}</strong>
            <span>{step.text}</span>
          </li>
        ))}
      </ol>
    </aside>
  );
}

export default function Home() {
  return (
    <>
      <PageHero
        variant="home"
        aside={<HowWeWork />}
        eyebrow="Digitalisierung für lokale Unternehmen und den Mittelstand"
        title="Digitale Lösungen, die Ihren Alltag leichter machen."
        actions={
          <>
            <Link to="/contact" className="kw-button kw-button--light kw-button--lg">
              Kostenloses Erstgespräch
            </Link>
            <Link to="/about" className="kw-button kw-button--outline-light kw-button--lg">
              Mehr über uns
            </Link>
          </>
        }
      >
        <p>
          Wir sind keine klassische Agentur, sondern Problemlöser: Von der Website über Online-Marketing bis zur
          Automatisierung Ihrer Abläufe finden wir den einfachsten Weg zum Ziel.
        </p>
      </PageHero>
      <Section labelledBy="dna-title">
        <p className="mk-eyebrow">Unsere DNA</p>
        <h2 id="dna-title" className="mk-section__title">
          Drei Werte, an denen Sie uns messen können
        </h2>
        <ul className="mk-cards mk-cards--three">
          {values.map((value, index) => (
            <li key={value.title} className="mk-card">
              <span className="mk-card__index" aria-hidden="true">
                0{index + 1}
              </span>
              <h3 className="mk-card__title">{value.title}</h3>
              <p className="mk-card__text">{value.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="alt" labelledBy="cta-title">
        <div className="mk-cta">
          <div>
            <h2 id="cta-title" className="mk-section__title">
              Sie haben ein digitales Problem?
            </h2>
            <p className="mk-section__lead">Erzählen Sie uns davon – wir melden uns binnen 24 Stunden bei Ihnen.</p>
          </div>
          <Link to="/contact" className="kw-button kw-button--primary kw-button--lg">
            Kontakt aufnehmen
          </Link>
        </div>
      </Section>
    </>
  );
}
