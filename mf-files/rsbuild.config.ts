import { remoteRsbuildConfig } from "@klarwerk/kit/federation";
import pkg from "./package.json" with { type: "json" };

export default remoteRsbuildConfig({
  name: "files",
  title: "Dateien",
  exposes: { "./Files": "./src/routes/Files.tsx" },
  dependencies: pkg.dependencies,
});
