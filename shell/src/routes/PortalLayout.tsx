import { PortalProviders } from "@klarwerk/kit/portal";
import { Outlet } from "react-router";

/**
 * Wraps /login, /register and the protected screens: Mantine, notifications, modals and the query
 * client are loaded only when one of them is visited, never on the public pages.
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
