import "@klarwerk/kit/theme.css";
import { PortalProviders } from "@klarwerk/kit/portal";
import { renderStandalone } from "@klarwerk/kit/standalone";
import Customers from "./routes/Customers";

renderStandalone({
  name: "mf_customers",
  screens: [{ path: "/", label: "Kundenverwaltung", element: <Customers /> }],
  wrap: (children) => <PortalProviders>{children}</PortalProviders>,
});
