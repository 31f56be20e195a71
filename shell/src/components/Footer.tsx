import { site } from "@klarwerk/kit";
import { sessionAtom } from "@klarwerk/kit/browser";
import { useAtomValue } from "jotai";
import { reviewConsent } from "../consent/consent";
import { consentControl } from "../consent/early-consent";
import { ReviewWidget } from "../consent/ReviewWidget";
import { BrandMark } from "./BrandMark";

export function Footer() {
  // As in the header: the session atom itself, outside any auth context on the public pages.
  const signedIn = useAtomValue(sessionAtom).status === "signed-in";
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <a href="/" className="brand brand--inverse">
            <BrandMark />
            <span className="brand__name">{site.name}</span>
          </a>
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
              <a href="/">Home</a>
            </li>
            <li>
              <a href="/about">Über uns</a>
            </li>
            <li>
              <a href="/contact">Kontakt</a>
            </li>
            <li>
              {/* Loaded as a page of its own, not routed in the page: the legal notice must load even when the app cannot. */}
              <a href="/impressum" data-reload="">
                Impressum
              </a>
            </li>
            <li>
              <a href="/datenschutz">Datenschutz</a>
            </li>
            {/* The staff's way in (the public header has none: docs/decisions/0071-portal-navigation.md). */}
            {!signedIn && (
              <li>
                <a href="/login">Anmelden</a>
              </li>
            )}
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
          <ReviewWidget />
        </div>
      </div>
      <div className="site-footer__bottom">
        <p>
          {site.copyright} {site.legalName}
        </p>
        <button type="button" className="site-footer__settings" {...consentControl("review")} onClick={reviewConsent}>
          Datenschutz-Einstellungen
        </button>
      </div>
    </footer>
  );
}
