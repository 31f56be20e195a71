import { site } from "@klarwerk/kit";
import { Icon, type IconName } from "../../shared/components/Icon";
import { PageHero, Section } from "../../shared/components/PageHero";
import { ContactForm, type ContactResult } from "./components/ContactForm";
import { ToastRegion, useToasts } from "./components/Toasts";
import { contactFormMessages as messages } from "./messages";

interface Channel {
  icon: IconName;
  title: string;
  value: string;
  href?: string;
  note: string;
  external?: boolean;
}

const channels: readonly Channel[] = [
  { icon: "mail", title: "E-Mail", value: site.email, href: `mailto:${site.email}`, note: "Antwort binnen 24 Stunden" },
  { icon: "phone", title: "Telefon", value: site.phone, href: site.phoneHref, note: "Direkt mit dem Team sprechen" },
  {
    icon: "chat",
    title: "Chat",
    value: "WhatsApp",
    href: site.chatUrl,
    note: "Kurze Fragen, schnelle Antworten",
    external: true,
  },
  { icon: "clock", title: "Erreichbarkeit", value: site.openingHours, note: "Außerhalb per E-Mail oder Formular" },
];

function ChannelCard({ channel }: { channel: Channel }) {
  const value = channel.href ? (
    <a
      href={channel.href}
      className="mk-channel__value"
      {...(channel.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      {channel.value}
      {channel.external && <span className="visually-hidden"> (öffnet in neuem Tab)</span>}
    </a>
  ) : (
    <p className="mk-channel__value">{channel.value}</p>
  );
  return (
    <li className="mk-tile mk-channel">
      <span className="mk-badge">
        <Icon name={channel.icon} />
      </span>
      <div>
        <h3 className="mk-channel__title">{channel.title}</h3>
        {value}
        <p className="mk-channel__note">{channel.note}</p>
      </div>
    </li>
  );
}

export default function Contact() {
  const { toasts, show, dismiss } = useToasts();

  function report(result: ContactResult): void {
    if (result.ok) show({ tone: "success", title: messages.sentTitle, text: messages.sentText });
    else show({ tone: "error", title: messages.failedTitle, text: result.message ?? messages.failedFallback });
  }

  return (
    <>
      <PageHero eyebrow="Kontakt" title="Erzählen Sie uns von Ihrem Vorhaben.">
        <p>
          Ob konkretes Projekt oder erst eine vage Idee: Schreiben Sie uns, rufen Sie an oder chatten Sie mit uns. Wir
          melden uns binnen 24 Stunden – persönlich und ohne Verkaufsdruck.
        </p>
      </PageHero>

      <Section labelledBy="form-title">
        <div className="mk-contact">
          <div className="mk-tile mk-panel">
            <h2 id="form-title" className="mk-panel__title">
              Nachricht schreiben
            </h2>
            <p className="mk-panel__lead">Felder mit * brauchen wir, um Ihnen antworten zu können.</p>
            <ContactForm onResult={report} />
          </div>

          <aside className="mk-contact__aside" aria-labelledby="channels-title">
            <h2 id="channels-title" className="mk-panel__title">
              Direkter Draht
            </h2>
            <ul className="mk-channels">
              {channels.map((channel) => (
                <ChannelCard key={channel.title} channel={channel} />
              ))}
            </ul>
            <div className="mk-quick">
              <a href={site.chatUrl} className="kw-button kw-button--primary" target="_blank" rel="noopener noreferrer">
                <Icon name="chat" size={18} />
                Jetzt chatten
                <span className="visually-hidden"> (öffnet in neuem Tab)</span>
              </a>
              <a href={site.phoneHref} className="kw-button kw-button--ghost">
                <Icon name="phone" size={18} />
                Jetzt anrufen
              </a>
            </div>
            <div className="mk-location">
              <span className="mk-location__icon">
                <Icon name="pin" />
              </span>
              <div>
                <h3 className="mk-location__title">Standort: {site.country}</h3>
                <p className="mk-location__text">
                  Wir arbeiten {site.serviceArea}. Persönliche Termine nach Vereinbarung – bei Ihnen oder in unserem
                  Büro in {site.address.city}.
                </p>
              </div>
            </div>
          </aside>
        </div>
      </Section>

      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </>
  );
}
