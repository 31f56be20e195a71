import "@klarwerk/kit/theme.css";
import { PortalProviders } from "@klarwerk/kit/portal";
import { renderStandalone } from "@klarwerk/kit/standalone";
import { screens } from "../screens";

renderStandalone({
  screens,
  load: (expose) => import(`./routes/${expose}.tsx`),
  wrap: (children) => <PortalProviders>{children}</PortalProviders>,
});
