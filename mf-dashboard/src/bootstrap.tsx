import "@klarwerk/kit/theme.css";
import { PortalProviders } from "@klarwerk/kit/portal";
import { renderStandalone } from "@klarwerk/kit/standalone";
import Account from "./routes/Account";
import Dashboard from "./routes/Dashboard";
import Outbox from "./routes/Outbox";
import Users from "./routes/Users";

renderStandalone({
  name: "mf_dashboard",
  screens: [
    { path: "/", label: "Dashboard", element: <Dashboard /> },
    { path: "/users", label: "Benutzer", element: <Users /> },
    { path: "/outbox", label: "Postausgang", element: <Outbox /> },
    { path: "/account", label: "Mein Konto", element: <Account /> },
  ],
  wrap: (children) => <PortalProviders>{children}</PortalProviders>,
});
