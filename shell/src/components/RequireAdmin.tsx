import { appMessages } from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import { Link, Outlet } from "react-router";

/**
 * Admin screens, inside `RequireAuth`: any other signed-in account is told in German that the
 * page is not for it, instead of a 404 that would read like a broken link. The API refuses these
 * calls to staff (403) either way; this only spares them a screen of errors.
 */
export function RequireAdmin() {
  const { user } = useAuth();
  if (user?.role === "admin") return <Outlet />;
  return (
    <section className="page-message">
      <h1 className="page-message__title">{appMessages.adminOnlyTitle}</h1>
      <p className="page-message__text">{appMessages.adminOnlyText}</p>
      <Link to="/dashboard" className="kw-button kw-button--primary">
        {appMessages.backToDashboard}
      </Link>
    </section>
  );
}
