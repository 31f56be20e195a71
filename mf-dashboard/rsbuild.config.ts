import { remoteRsbuildConfig } from "@klarwerk/kit/federation";
import pkg from "./package.json" with { type: "json" };

export default remoteRsbuildConfig({
  name: "dashboard",
  title: "Dashboard",
  exposes: {
    "./Dashboard": "./src/routes/Dashboard.tsx",
    "./Users": "./src/routes/Users.tsx",
    "./Outbox": "./src/routes/Outbox.tsx",
    "./Account": "./src/routes/Account.tsx",
  },
  dependencies: pkg.dependencies,
});
