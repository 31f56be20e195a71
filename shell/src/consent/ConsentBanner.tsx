import { site } from "@klarwerk/kit";
import { useEffect, useId, useRef } from "react";
import { publicRouteFor } from "../federation/remote-routes";
import { useShellNavigation } from "../navigation/navigation";
import { type ConsentChoice, decideConsent, useConsent } from "./consent";
import { consentControl } from "./early-consent";

/**
 * Asks before anything of the review platform loads. Not modal: the page stays usable, nothing is
 * preselected, and "Ablehnen" is one click like "Akzeptieren", in the same style. Shown until the
 * visitor decides, and again from the footer's "Datenschutz-Einstellungen". It asks by itself only
 * on the public pages: people at work in the portal open it from the footer when they want to.
 */
export function ConsentBanner() {
  const { choice, reviewing } = useConsent();
  const onPublicPage = publicRouteFor(useShellNavigation().pathname) !== undefined;
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    if (!reviewing) return;
    // Opened from the footer: keyboard and screen-reader users land in the banner, and go back
    // to where they came from once they chose.
    opener.current = document.activeElement;
    title.current?.focus();
  }, [reviewing]);

  if (!reviewing && (!onPublicPage || (choice !== null && choice !== "unknown"))) return null;

  function decide(next: ConsentChoice): void {
    const back = opener.current;
    opener.current = null;
    decideConsent(next);
    if (back instanceof HTMLElement) back.focus();
  }

  return (
    // In the prerendered page the banner is part of the first paint (so it never becomes a late
    // "largest paint"); a visitor who decided before never sees it: see earlyConsentScript, which also takes a press before React does.
    <section className={choice === "unknown" ? "consent consent--prerendered" : "consent"} aria-labelledby={titleId}>
      <h2 id={titleId} ref={title} className="consent__title" tabIndex={-1}>
        Bewertungen von {site.reviewWidget.platform} anzeigen?
      </h2>
      <p className="consent__text">
        Im Fußbereich können wir unsere Kundenbewertungen bei {site.reviewWidget.platform} zeigen. Dafür lädt Ihr
        Browser ein Skript von {site.reviewWidget.platform}, das Ihre IP-Adresse und Browserdaten erhält – aber nur,
        wenn Sie zustimmen. <a href="/datenschutz#bewertungs-widget">Details in der Datenschutzerklärung</a>
      </p>
      {reviewing && choice === "accepted" && (
        <p className="consent__text">Lehnen Sie jetzt ab, lädt die Seite neu, damit das Widget verschwindet.</p>
      )}
      <div className="consent__actions">
        <button
          type="button"
          className="kw-button kw-button--primary"
          {...consentControl("rejected")}
          onClick={() => decide("rejected")}
        >
          Ablehnen
        </button>
        <button
          type="button"
          className="kw-button kw-button--primary"
          {...consentControl("accepted")}
          onClick={() => decide("accepted")}
        >
          Akzeptieren
        </button>
      </div>
    </section>
  );
}
