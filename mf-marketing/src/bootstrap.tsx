import "@klarwerk/kit/theme.css";
import { renderStandalone } from "@klarwerk/kit/standalone";
import { screens } from "../screens";

renderStandalone({
  screens,
  load: (expose) => import(`./routes/${expose}.tsx`),
});
