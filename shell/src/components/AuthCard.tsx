import { type ReactNode, useId } from "react";

interface AuthCardProps {
  title: string;
  intro: string;
  /** The form. */
  children: ReactNode;
  /** Links below the form. */
  footer: ReactNode;
}

/** The card sign-in, sign-up and the password reset sit in, so the screens look and read alike. */
export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  const titleId = useId();
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby={titleId}>
        <div>
          <h1 id={titleId} className="auth-card__title">
            {title}
          </h1>
          <p className="auth-card__intro">{intro}</p>
        </div>
        {children}
        <div className="auth-card__footer">{footer}</div>
      </section>
    </div>
  );
}
