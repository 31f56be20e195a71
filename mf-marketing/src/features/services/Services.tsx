import { useRef, useState } from "react";
import { CallToAction } from "../../shared/components/CallToAction";
import { Icon } from "../../shared/components/Icon";
import { PageHero, Section } from "../../shared/components/PageHero";
import { type Service, services } from "../../shared/content/services";
import { ServiceDialog } from "./components/ServiceDialog";

export default function Services() {
  const [open, setOpen] = useState<Service | null>(null);
  const opener = useRef<{ service: Service; button: HTMLButtonElement } | null>(null);

  function show(service: Service, button: HTMLButtonElement): void {
    opener.current = { service, button };
    setOpen(service);
  }

  // The close event comes a moment after the dialog closed: another card may have been opened in
  // between, and that one stays open.
  function closed(service: Service): void {
    setOpen((current) => (current === service ? null : current));
    if (opener.current?.service !== service) return;
    const { button } = opener.current;
    opener.current = null;
    // The browser already returns focus to the card when the dialog closes. Only where focus got
    // lost do we put it back: by the time this event arrives the user may have moved on, and
    // pulling focus back then would make their next Enter reopen the old card.
    const active = document.activeElement;
    if (!active || active === document.body) button.focus();
  }

  return (
    <>
      <PageHero eyebrow="Leistungen" title="Alles, was Ihr Unternehmen digital braucht.">
        <p>
          Sieben Leistungsbereiche, ein Team: Wir kombinieren, was Ihr Problem löst, und lassen weg, was Sie nicht
          brauchen. Wählen Sie einen Bereich, um mehr zu erfahren.
        </p>
      </PageHero>

      <Section labelledBy="services-title">
        <h2 id="services-title" className="visually-hidden">
          Unsere Leistungsbereiche
        </h2>
        <ul className="mk-services">
          {services.map((service) => (
            <li key={service.id} className="mk-tile mk-tile--raised mk-service">
              <span className="mk-badge">
                <Icon name={service.icon} />
              </span>
              <h3 className="mk-tile__title">{service.title}</h3>
              <p className="mk-tile__text">{service.teaser}</p>
              <button
                type="button"
                className="mk-service__open"
                aria-haspopup="dialog"
                aria-label={`Details ansehen: ${service.title}`}
                onClick={(event) => show(service, event.currentTarget)}
              >
                Details ansehen
                <Icon name="arrow" size={18} />
              </button>
            </li>
          ))}
        </ul>
      </Section>

      {open && <ServiceDialog key={open.id} service={open} onClose={() => closed(open)} />}

      <CallToAction
        title="Nicht sicher, was Sie brauchen?"
        text="Das ist der Normalfall. Beschreiben Sie uns Ihr Problem – wir schlagen vor, welche Bausteine sich lohnen, und sagen auch, welche nicht."
      />
    </>
  );
}
