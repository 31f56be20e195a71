import { site } from "@klarwerk/kit";
import { Section } from "./PageHero";

interface CallToActionProps {
  title: string;
  text: string;
  /** Also offer the chat (home page). */
  withChat?: boolean;
}

/** The closing invitation to get in touch, at the end of a page. */
export function CallToAction({ title, text, withChat = false }: CallToActionProps) {
  return (
    <Section tone="dark" labelledBy="cta-title">
      <div className="mk-cta">
        <div>
          <h2 id="cta-title" className="mk-cta__title">
            {title}
          </h2>
          <p className="mk-cta__text">{text}</p>
        </div>
        <div className="mk-cta__actions">
          <a href="/contact" className="kw-button kw-button--light kw-button--lg">
            Kontakt aufnehmen
          </a>
          {withChat && (
            <a
              href={site.chatUrl}
              className="kw-button kw-button--outline-light kw-button--lg"
              target="_blank"
              rel="noopener noreferrer"
            >
              Per WhatsApp chatten
              <span className="visually-hidden"> (öffnet in neuem Tab)</span>
            </a>
          )}
        </div>
      </div>
    </Section>
  );
}
