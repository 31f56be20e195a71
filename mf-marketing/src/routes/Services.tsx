import { Link } from "react-router";
import { PageHero } from "../components/PageHero";

export default function Services() {
  return (
    <PageHero
      eyebrow="Leistungen"
      title="Alles, was Ihr Unternehmen digital braucht."
      actions={
        <Link to="/contact" className="kw-button kw-button--primary kw-button--lg">
          Beratung anfragen
        </Link>
      }
    >
      <p>
        Webdesign und Online-Shops, Performance-Marketing, Talent Acquisition, Prozessautomatisierung, Customer
        Experience, individuelle Webentwicklung, SEO und Content sowie Support und Hosting – aus einer Hand und
        abgestimmt auf das, was Sie wirklich brauchen.
      </p>
    </PageHero>
  );
}
