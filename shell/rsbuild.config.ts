import { apiDevPort, distRoot, remoteApps, sharedModuleConfigs, shellPort } from "@klarwerk/kit/federation";
import { defineConfig, type ProxyConfig } from "@rsbuild/core";
import { pluginReact } from "@rsbuild/plugin-react";
import pkg from "./package.json" with { type: "json" };

const api = `http://localhost:${apiDevPort}`;

/** In `bun run dev` the shell's server is the one origin: API and remotes are proxied behind it. */
const proxy: ProxyConfig = {
  "/api": api,
  "/remotes.json": api,
  ...Object.fromEntries(
    Object.values(remoteApps).map((app) => [`/remotes/${app.dir}`, `http://localhost:${app.port}`]),
  ),
};

/**
 * The shell is a Module Federation host through the runtime's API (src/federation/runtime.ts), not
 * the build plugin: the plugin would put the federation runtime (~28 KB) into the entry of every
 * page, and a public page needs it only once a remote's module is
 * (docs/decisions/0081-front-end-apps-in-detail.md, "Public pages"). What the shell shares, and under which
 * versions, still comes from the kit's one list.
 */
export default defineConfig({
  plugins: [pluginReact()],
  html: {
    template: "./index.html",
  },
  source: {
    define: {
      KLARWERK_SHARED_MODULES: JSON.stringify(sharedModuleConfigs(pkg.dependencies)),
      // The federation runtime leaves out its code for other targets (Node).
      ENV_TARGET: JSON.stringify("web"),
    },
  },
  // Lazy compilation (on by default in Rsbuild 2 dev) is off in every app (docs/stack-facts.md).
  dev: { lazyCompilation: false },
  server: {
    port: shellPort,
    strictPort: true,
    proxy,
  },
  output: {
    // The shell is served from the site root; its assets are always under /static/.
    assetPrefix: "/",
    distPath: { root: distRoot },
  },
});
