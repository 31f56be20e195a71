import { appMessages } from "@klarwerk/kit";

/** A page, or the layout itself, failed while rendering ("Unexpected Application Error!"). */
export function RouteError({ error }: { error: Error }) {
  console.error(error);
  return (
    <section className="page-message" role="alert">
      <h1 className="page-message__title">{appMessages.routerError}</h1>
      {error.message && <pre className="page-message__detail">{error.message}</pre>}
      <p className="page-message__text">{appMessages.remoteFailedHint}</p>
      <div className="page-message__actions">
        <button type="button" className="kw-button kw-button--primary" onClick={() => window.location.reload()}>
          {appMessages.retry}
        </button>
        {/* Outside the layout (the layout itself failed) a full page load. */}
        <a href="/" className="kw-button kw-button--ghost">
          Zur Startseite
        </a>
      </div>
    </section>
  );
}
