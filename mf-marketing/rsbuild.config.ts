import { remoteRsbuildConfig } from "@klarwerk/kit/federation";
import pkg from "./package.json" with { type: "json" };

export default remoteRsbuildConfig({
  name: "mf_marketing",
  title: "Marketing",
  exposes: {
    "./Home": "./src/routes/Home.tsx",
    "./About": "./src/routes/About.tsx",
    "./Services": "./src/routes/Services.tsx",
    "./Contact": "./src/routes/Contact.tsx",
    "./Impressum": "./src/routes/Impressum.tsx",
    "./Datenschutz": "./src/routes/Datenschutz.tsx",
  },
  dependencies: pkg.dependencies,
});
