import { appMessages } from "@klarwerk/kit";
import { useEffect } from "react";

/** Any path without a route. The link is routed in the page by the layout. */
export function NotFound({ pathname }: { pathname: string }) {
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <section className="page-message">
      <p className="page-message__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-message__title">{appMessages.notFound}</h1>
      <p className="page-message__text">Die Seite, die Sie suchen, gibt es nicht (mehr).</p>
      <a href="/" className="kw-button kw-button--primary">
        Zurück zur Startseite
      </a>
    </section>
  );
}
