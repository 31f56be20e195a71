import { appMessages } from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import type { ReactNode } from "react";

/**
 * Admin screens, inside `RequireAuth`: any other signed-in account is told in German that the
 * page is not for it, instead of a 404 that would read like a broken link. The API refuses these
 * calls to staff (403) either way; this only spares them a screen of errors. The link is routed
 * in the page by the layout.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user?.role === "admin") return children;
  return (
    <section className="page-message">
      <h1 className="page-message__title">{appMessages.adminOnlyTitle}</h1>
      <p className="page-message__text">{appMessages.adminOnlyText}</p>
      <a href="/dashboard" className="kw-button kw-button--primary">
        {appMessages.backToDashboard}
      </a>
    </section>
  );
}
