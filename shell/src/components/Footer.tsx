import { site } from "@klarwerk/kit";
import { Link } from "react-router";
import { BrandMark } from "./BrandMark";

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to="/" className="brand brand--inverse">
            <BrandMark />
            <span className="brand__name">{site.name}</span>
          </Link>
          <p className="site-footer__tagline">{site.tagline}</p>
          <p className="site-footer__text">
            Wir lösen digitale Probleme für lokale Unternehmen und den Mittelstand – von der Website bis zur
            Automatisierung.
          </p>
        </div>
        <nav className="site-footer__col" aria-label="Footer-Navigation">
          <h2 className="site-footer__heading">Navigation</h2>
          <ul className="site-footer__list">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/about">Über uns</Link>
            </li>
            <li>
              <Link to="/contact">Kontakt</Link>
            </li>
            <li>
              {/* A plain link on purpose: the legal notice is loaded as a full page (spec section 2). */}
              <a href="/impressum">Impressum</a>
            </li>
            <li>
              <Link to="/datenschutz">Datenschutz</Link>
            </li>
          </ul>
        </nav>
        <div className="site-footer__col">
          <h2 className="site-footer__heading">Kontakt</h2>
          <ul className="site-footer__list">
            <li>
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li>
              <a href={site.phoneHref}>{site.phone}</a>
            </li>
            <li>{site.country}</li>
          </ul>
        </div>
        <div className="site-footer__col">
          <h2 className="site-footer__heading">Ihre Meinung</h2>
          <p className="site-footer__text">Zufrieden mit unserer Arbeit? Wir freuen uns über Ihre Bewertung.</p>
          <a className="site-footer__review" href={site.reviewUrl} target="_blank" rel="noopener noreferrer">
            Bewerten Sie uns auf Trustpilot
            <span className="visually-hidden"> (öffnet in neuem Tab)</span>
          </a>
        </div>
      </div>
      <div className="site-footer__bottom">
        <p>
          {site.copyright} {site.legalName}
        </p>
      </div>
    </footer>
  );
}
