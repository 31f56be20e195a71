import { remoteRsbuildConfig } from "@klarwerk/kit/federation";
import { exposes } from "./exposes";
import pkg from "./package.json" with { type: "json" };

export default remoteRsbuildConfig({
  name: "marketing",
  title: "Marketing",
  exposes,
  dependencies: pkg.dependencies,
});
