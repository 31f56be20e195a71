import { remoteRsbuildConfig } from "@klarwerk/kit/federation";
import pkg from "./package.json" with { type: "json" };

export default remoteRsbuildConfig({
  name: "invoices",
  title: "Rechnungen",
  exposes: { "./Invoices": "./src/routes/Invoices.tsx" },
  dependencies: pkg.dependencies,
});
