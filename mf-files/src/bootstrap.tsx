import "@klarwerk/kit/theme.css";
import { PortalProviders } from "@klarwerk/kit/portal";
import { renderStandalone } from "@klarwerk/kit/standalone";
import Files from "./routes/Files";

renderStandalone({
  name: "mf_files",
  screens: [{ path: "/", label: "Dateien", element: <Files /> }],
  wrap: (children) => <PortalProviders>{children}</PortalProviders>,
});
