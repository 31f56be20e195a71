import { PortalProviders } from "@klarwerk/kit/portal";
import { Outlet } from "react-router";

/**
 * Wraps the protected screens: Mantine, notifications, modals and the query client are loaded only
 * when one of them is visited, never on the public pages, /login or /register.
 */
export function PortalLayout() {
  return (
    <PortalProviders>
      <div className="portal-area">
        <Outlet />
      </div>
    </PortalProviders>
  );
}
