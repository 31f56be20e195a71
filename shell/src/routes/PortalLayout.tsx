import { PortalProviders } from "@klarwerk/kit/portal";
import { Outlet } from "react-router";
import { useShellNavigation } from "../navigation/navigation";

/**
 * Wraps the protected screens: Mantine, notifications, modals and the query client are loaded only
 * when one of them is visited, never on the public pages, /login or /register. The screens
 * redirect through the shell's navigation (`Redirect` of the kit's portal entry).
 */
export function PortalLayout() {
  const { navigate } = useShellNavigation();
  return (
    <PortalProviders navigate={navigate}>
      <div className="portal-area">
        <Outlet />
      </div>
    </PortalProviders>
  );
}
