import "@klarwerk/kit/theme.css";
import { PortalProviders } from "@klarwerk/kit/portal";
import { renderStandalone } from "@klarwerk/kit/standalone";
import Dashboard from "./routes/Dashboard";

renderStandalone({
  name: "mf_dashboard",
  screens: [{ path: "/", label: "Dashboard", element: <Dashboard /> }],
  wrap: (children) => <PortalProviders>{children}</PortalProviders>,
});
