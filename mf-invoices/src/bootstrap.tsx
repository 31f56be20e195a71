import "@klarwerk/kit/theme.css";
import { PortalProviders } from "@klarwerk/kit/portal";
import { renderStandalone } from "@klarwerk/kit/standalone";
import Invoices from "./routes/Invoices";

renderStandalone({
  name: "mf_invoices",
  screens: [{ path: "/", label: "Rechnungstool", element: <Invoices /> }],
  wrap: (children) => <PortalProviders>{children}</PortalProviders>,
});
