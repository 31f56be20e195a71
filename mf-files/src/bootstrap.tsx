import "@klarwerk/kit/theme.css";
import { PortalProviders } from "@klarwerk/kit/portal";
import { renderStandalone } from "@klarwerk/kit/standalone";
import { screens } from "../screens";

renderStandalone({
  screens,
  // Eager: one chunk with the standalone page, as static imports would make it; lazy chunks here
  // would also split the exposed screens of the production build.
  load: (expose) => import(/* webpackMode: "eager" */ `./routes/${expose}.tsx`),
  wrap: (children) => <PortalProviders>{children}</PortalProviders>,
});
