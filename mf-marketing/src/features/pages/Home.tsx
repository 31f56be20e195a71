import { CallToAction } from "../../shared/components/CallToAction";
import { Icon } from "../../shared/components/Icon";
import { NumberedCards } from "../../shared/components/NumberedCards";
import { PageHero, Section, SectionHeader } from "../../shared/components/PageHero";
import { serviceModules } from "../../shared/content/services";

const values = [
  {
    title: "Persönlich",
    text: "Sie haben feste Ansprechpartner, die Ihr Unternehmen kennen – keine Ticketnummern, keine Warteschleifen, keine wechselnden Gesichter.",
  },
  {
    title: "Praktisch",
    text: "Wir lösen das Problem, das Sie wirklich haben, mit Werkzeugen, die in Ihren Alltag passen – nicht mit dem, was gerade in Mode ist.",
  },
  {
    title: "Partnerschaftlich",
    text: "Wir denken langfristig mit, sagen offen, was sich lohnt und was nicht, und bleiben auch nach dem Start an Ihrer Seite.",
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
            <a href="/contact" className="kw-button kw-button--light kw-button--lg">
              Kostenloses Erstgespräch
            </a>
            <a href="/about" className="kw-button kw-button--outline-light kw-button--lg">
              Mehr über uns
            </a>
          </>
        }
      >
        <p>
          Wir sind keine klassische Agentur, sondern Problemlöser: Von der Website über Online-Marketing bis zur
          Automatisierung Ihrer Abläufe finden wir den einfachsten Weg zum Ziel – und gehen ihn mit Ihnen.
        </p>
      </PageHero>

      <Section labelledBy="dna-title">
        <SectionHeader id="dna-title" eyebrow="Unsere DNA" title="Persönlich. Praktisch. Partnerschaftlich.">
          Drei Werte, an denen Sie uns messen können – in jedem Projekt, egal wie groß.
        </SectionHeader>
        <NumberedCards cards={values} />
      </Section>

      <Section tone="alt" labelledBy="modules-title">
        <SectionHeader id="modules-title" eyebrow="Leistungen" title="Zehn Bausteine, ein Ansprechpartner">
          Sie buchen nur, was Ihr Problem löst. Wir kombinieren die Bausteine so, dass sie zusammenarbeiten – statt
          nebeneinanderher.
        </SectionHeader>
        <ul className="mk-modules">
          {serviceModules.map((module) => (
            <li key={module.title} className="mk-tile mk-module">
              <span className="mk-badge">
                <Icon name={module.icon} />
              </span>
              <h3 className="mk-tile__title">{module.title}</h3>
              <p className="mk-tile__text">{module.text}</p>
            </li>
          ))}
        </ul>
        <p className="mk-more">
          <a href="/services" className="kw-button kw-button--ghost">
            Alle Leistungen im Detail
            <Icon name="arrow" size={18} />
          </a>
        </p>
      </Section>

      <CallToAction
        withChat
        title="Sie haben ein digitales Problem? Wir lösen es gern."
        text="Erzählen Sie uns davon – wir melden uns binnen 24 Stunden. Lieber gleich ins Gespräch kommen? Schreiben Sie uns im Chat."
      />
    </>
  );
}
