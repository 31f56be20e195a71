import { site } from "@klarwerk/kit";
import { CallToAction } from "../../shared/components/CallToAction";
import { Icon } from "../../shared/components/Icon";
import { NumberedCards } from "../../shared/components/NumberedCards";
import { PageHero, Section, SectionHeader } from "../../shared/components/PageHero";

const [firstDirector = "", secondDirector = ""] = site.managingDirectors;

const team = [
  {
    name: firstDirector,
    role: "Geschäftsführerin · Strategie & Beratung",
    text: "Hat zehn Jahre lang Digitalprojekte im Mittelstand geleitet und weiß, wie man aus einer vagen Idee einen Plan macht, den alle verstehen.",
  },
  {
    name: secondDirector,
    role: "Geschäftsführer · Technik & Entwicklung",
    text: "Baut seit 2008 Websites, Shops und Schnittstellen und sorgt dafür, dass unsere Lösungen auch in fünf Jahren noch laufen.",
  },
  {
    name: "Selin Arslan",
    role: "Performance-Marketing & SEO",
    text: "Plant Kampagnen und Inhalte, die gefunden werden, und übersetzt Zahlen in Entscheidungen, die Sie nachvollziehen können.",
  },
  {
    name: "Tobias Lange",
    role: "Automatisierung & Support",
    text: "Verbindet Werkzeuge, die nie füreinander gedacht waren, und ist Ihr erster Ansprechpartner, wenn etwas klemmt.",
  },
] as const;

const principles = [
  {
    title: "Strategisch",
    text: "Jedes Projekt beginnt mit Ihrem Ziel, nicht mit einer Technologie. Wir klären, was Erfolg für Sie bedeutet, und messen uns daran.",
  },
  {
    title: "Effizient",
    text: "Wir setzen auf bewährte Werkzeuge, kurze Wege und Etappen mit sichtbaren Ergebnissen – damit Ihr Budget in Wirkung fließt, nicht in Abstimmungsrunden.",
  },
  {
    title: "Skalierbar",
    text: "Was wir bauen, wächst mit: neue Standorte, mehr Produkte, zusätzliche Mitarbeitende. Ohne dass Sie später wieder bei null anfangen.",
  },
] as const;

const process = [
  {
    title: "Kennenlernen",
    text: "Im kostenlosen Erstgespräch erzählen Sie uns, wo es hakt. Wir hören zu, fragen nach und sagen ehrlich, ob wir helfen können.",
  },
  {
    title: "Analyse",
    text: "Wir schauen uns Ihre Website, Ihre Abläufe und Ihre Zahlen an und finden heraus, wo der größte Hebel liegt.",
  },
  {
    title: "Konzept & Angebot",
    text: "Sie bekommen einen klaren Plan mit Etappen, Zeitrahmen und Festpreis – verständlich formuliert und ohne Kleingedrucktes.",
  },
  {
    title: "Umsetzung",
    text: "Wir setzen in kurzen Etappen um. Nach jeder sehen Sie ein Ergebnis, geben Rückmeldung und entscheiden mit.",
  },
  {
    title: "Betreuung",
    text: "Nach dem Start bleiben wir an Ihrer Seite: mit Hosting, Updates, Auswertungen und Ideen für den nächsten Schritt.",
  },
] as const;

const transparency = [
  "Festpreise oder vorab vereinbarte Stundensätze – schriftlich, bevor wir anfangen",
  "Ein fester Ansprechpartner, der Ihr Projekt von Anfang bis Ende kennt",
  "Ein kurzes Update zum Stand, jede Woche, auch wenn es einmal hakt",
  "Quellcode, Zugänge und Daten gehören Ihnen – ohne Wenn und Aber",
  "Keine Mindestlaufzeiten bei Support und Hosting",
  "Ehrliche Empfehlungen, auch wenn sie lauten: Das brauchen Sie nicht",
] as const;

function initialsOf(name: string): string {
  return name
    .split(" ")
    .map((part) => part.charAt(0))
    .join("");
}

export default function About() {
  return (
    <>
      <PageHero eyebrow="Über uns" title="Wir machen Digitalisierung verständlich.">
        <p>
          {site.name} ist ein kleines Team aus Beratung, Design und Entwicklung. Wir arbeiten für lokale Betriebe und
          mittelständische Unternehmen, die digital vorankommen wollen, ohne sich in Technik zu verlieren.
        </p>
      </PageHero>

      <Section labelledBy="intro-title">
        <div className="mk-split">
          <SectionHeader id="intro-title" eyebrow="Wer wir sind" title="Problemlöser statt Agentur" />
          <div className="mk-prose">
            <p>
              Gegründet haben wir {site.name}, weil wir in vielen Betrieben dasselbe erlebt haben: Es gab eine Website,
              ein paar Werkzeuge und viel guten Willen – aber niemanden, der das Ganze im Blick hatte. Agenturen
              lieferten Designs, Softwareanbieter Lizenzen, und zwischen allem blieb die eigentliche Arbeit liegen.
            </p>
            <p>
              Wir setzen genau dort an. Statt Ihnen ein Paket zu verkaufen, fragen wir, was Sie heute aufhält, und
              suchen die einfachste Lösung, die wirklich trägt. Manchmal ist das eine neue Website, manchmal eine
              Automatisierung, die jede Woche Stunden spart, und manchmal nur ein gut eingerichtetes Werkzeug, das Sie
              längst besitzen.
            </p>
          </div>
        </div>
      </Section>

      <Section tone="alt" labelledBy="team-title">
        <SectionHeader id="team-title" eyebrow="Team" title="Die Menschen hinter Klarwerk">
          Klein genug, dass jeder Ihr Projekt kennt. Groß genug, dass alles aus einer Hand kommt.
        </SectionHeader>
        <ul className="mk-team">
          {team.map((member) => (
            <li key={member.name} className="mk-tile mk-person">
              <span className="mk-person__avatar" aria-hidden="true">
                {initialsOf(member.name)}
              </span>
              <h3 className="mk-tile__title">{member.name}</h3>
              <p className="mk-person__role">{member.role}</p>
              <p className="mk-tile__text">{member.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="principles-title">
        <SectionHeader id="principles-title" eyebrow="Prinzipien" title="Wie wir entscheiden" />
        <NumberedCards cards={principles} />
      </Section>

      <Section tone="alt" labelledBy="process-title">
        <SectionHeader id="process-title" eyebrow="Ablauf" title="In fünf Schritten zur Lösung">
          So läuft eine Zusammenarbeit mit uns ab – vom ersten Gespräch bis zur laufenden Betreuung.
        </SectionHeader>
        <ol className="mk-process">
          {process.map((step, index) => (
            <li key={step.title} className="mk-process__step">
              <span className="mk-badge" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="mk-tile__title">{step.title}</h3>
              <p className="mk-tile__text">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section labelledBy="transparency-title">
        <div className="mk-split">
          <SectionHeader id="transparency-title" eyebrow="Unser Versprechen" title="100% Transparenz">
            Sie wissen bei uns jederzeit, woran Sie sind: was es kostet, wie weit wir sind und was als Nächstes kommt.
          </SectionHeader>
          <ul className="mk-checklist">
            {transparency.map((item) => (
              <li key={item}>
                <span className="mk-checklist__icon">
                  <Icon name="check" size={16} />
                </span>
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <CallToAction
        title="Lernen wir uns kennen."
        text="Im kostenlosen Erstgespräch klären wir in 30 Minuten, wo Sie stehen und was der sinnvollste nächste Schritt ist."
      />
    </>
  );
}
