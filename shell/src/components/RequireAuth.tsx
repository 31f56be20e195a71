import { authMessages } from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import { Redirect } from "@klarwerk/kit/portal";
import type { ReactNode } from "react";

/**
 * Protected routes: wait for the session, send anonymous visitors to /login in place of the
 * current history entry. Inside `PortalProviders`, whose navigation is the shell's router.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session } = useAuth();
  if (session.status === "loading") {
    return (
      <p className="page-status" role="status">
        {authMessages.loadingUser}
      </p>
    );
  }
  if (session.status === "anonymous") return <Redirect to="/login" />;
  return children;
}
