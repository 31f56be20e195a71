import { remoteRsbuildConfig } from "@klarwerk/kit/federation";
import pkg from "./package.json" with { type: "json" };

export default remoteRsbuildConfig({
  name: "customers",
  title: "Kunden",
  exposes: { "./Customers": "./src/routes/Customers.tsx" },
  dependencies: pkg.dependencies,
});
