import { Link } from "react-router";
import { PageHero } from "../components/PageHero";

export default function About() {
  return (
    <PageHero
      eyebrow="Über uns"
      title="Wir machen Digitalisierung verständlich."
      actions={
        <Link to="/contact" className="kw-button kw-button--primary kw-button--lg">
          Lernen wir uns kennen
        </Link>
      }
    >
      <p>
        Klarwerk Digital ist ein kleines Team aus Beratung, Design und Entwicklung. Wir arbeiten für lokale Betriebe und
        mittelständische Unternehmen, die digital vorankommen wollen, ohne sich in Technik zu verlieren: strategisch,
        effizient und so, dass Ihre Lösung mit Ihnen wachsen kann.
      </p>
    </PageHero>
  );
}
