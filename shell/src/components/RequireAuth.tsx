import { authMessages } from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import { Navigate, Outlet } from "react-router";

/** Protected routes: wait for the session, send anonymous visitors to /login. */
export function RequireAuth() {
  const { session } = useAuth();
  if (session.status === "loading") {
    return (
      <p className="page-status" role="status">
        {authMessages.loadingUser}
      </p>
    );
  }
  if (session.status === "anonymous") return <Navigate to="/login" replace />;
  return <Outlet />;
}
