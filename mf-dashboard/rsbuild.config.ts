import { remoteRsbuildConfig } from "@klarwerk/kit/federation";
import pkg from "./package.json" with { type: "json" };

export default remoteRsbuildConfig({
  name: "dashboard",
  title: "Dashboard",
  exposes: { "./Dashboard": "./src/routes/Dashboard.tsx" },
  dependencies: pkg.dependencies,
});
