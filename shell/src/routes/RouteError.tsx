import { appMessages } from "@klarwerk/kit";
import { isRouteErrorResponse, useRouteError } from "react-router";

/** The router's error screen ("Unexpected Application Error!"). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <section className="page-message" role="alert">
      <h1 className="page-message__title">{appMessages.routerError}</h1>
      {detail && <pre className="page-message__detail">{detail}</pre>}
      <p className="page-message__text">{appMessages.remoteFailedHint}</p>
      <div className="page-message__actions">
        <button type="button" className="kw-button kw-button--primary" onClick={() => window.location.reload()}>
          {appMessages.retry}
        </button>
        {/* A full page load: the router itself may be what failed. */}
        <a href="/" className="kw-button kw-button--ghost">
          Zur Startseite
        </a>
      </div>
    </section>
  );
}
