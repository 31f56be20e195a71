import { PortalProviders } from "@klarwerk/kit/portal";
import type { ReactNode } from "react";
import { RequireAdmin } from "../components/RequireAdmin";
import { RequireAuth } from "../components/RequireAuth";
import { useShellNavigation } from "../navigation/navigation";

/**
 * Wraps the protected screens: Mantine, notifications, modals and the query client are loaded only
 * when one of them is visited, never on the public pages, /login or /register. It stays mounted
 * from one portal screen to the next (a toast outlives the change). The screens redirect through
 * the shell's navigation (`Redirect` of the kit's portal entry), as `RequireAuth` does.
 */
export function PortalLayout({ adminOnly, children }: { adminOnly: boolean; children: ReactNode }) {
  const { navigate } = useShellNavigation();
  return (
    <PortalProviders navigate={navigate}>
      <div className="portal-area">
        <RequireAuth>{adminOnly ? <RequireAdmin>{children}</RequireAdmin> : children}</RequireAuth>
      </div>
    </PortalProviders>
  );
}
