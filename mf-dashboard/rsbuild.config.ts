import { remoteRsbuildConfig } from "@klarwerk/kit/federation";
import pkg from "./package.json" with { type: "json" };
import { screens } from "./screens";

export default remoteRsbuildConfig({ screens, title: "Dashboard", dependencies: pkg.dependencies });
