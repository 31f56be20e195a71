import "../marketing.css";
import type { ReactNode } from "react";

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** The large, coloured variant used on the home page. */
  variant?: "home" | "page";
  /** Shown beside the text on wide screens. */
  aside?: ReactNode;
}

export function PageHero({ eyebrow, title, children, actions, variant = "page", aside }: PageHeroProps) {
  return (
    <section className={`mk-hero mk-hero--${variant}`}>
      <div className={aside ? "mk-container mk-hero__inner mk-hero__inner--split" : "mk-container mk-hero__inner"}>
        <div>
          {eyebrow && <p className="mk-hero__eyebrow">{eyebrow}</p>}
          <h1 className="mk-hero__title">{title}</h1>
          {children && <div className="mk-hero__lead">{children}</div>}
          {actions && <div className="mk-hero__actions">{actions}</div>}
        </div>
        {aside}
      </div>
    </section>
  );
}

interface SectionProps {
  children: ReactNode;
  tone?: "plain" | "alt" | "dark";
  /** The id of the section's heading, which names the region. */
  labelledBy?: string;
  id?: string;
}

export function Section({ children, tone = "plain", labelledBy, id }: SectionProps) {
  return (
    <section id={id} className={`mk-section mk-section--${tone}`} aria-labelledby={labelledBy}>
      <div className="mk-container">{children}</div>
    </section>
  );
}

interface SectionHeaderProps {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}

/** Eyebrow, heading (h2, named by `id`) and lead of a section. */
export function SectionHeader({ id, eyebrow, title, children }: SectionHeaderProps) {
  return (
    <header className="mk-section__header">
      {eyebrow && <p className="mk-eyebrow">{eyebrow}</p>}
      <h2 id={id} className="mk-section__title">
        {title}
      </h2>
      {children && <p className="mk-section__lead">{children}</p>}
    </header>
  );
}
