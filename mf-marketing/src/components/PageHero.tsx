import type { ReactNode } from "react";
import "./marketing.css";

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

export function Section({
  children,
  tone = "plain",
  labelledBy,
}: {
  children: ReactNode;
  tone?: "plain" | "alt";
  labelledBy?: string;
}) {
  return (
    <section className={`mk-section mk-section--${tone}`} aria-labelledby={labelledBy}>
      <div className="mk-container">{children}</div>
    </section>
  );
}
