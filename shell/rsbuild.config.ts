import { apiDevPort, distRoot, federationOptions, remoteApps, shellPort } from "@klarwerk/kit/federation";
import { pluginModuleFederation } from "@module-federation/rsbuild-plugin";
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

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    pluginModuleFederation(
      federationOptions({ name: "shell", dependencies: pkg.dependencies, sharedRuntime: command === "build" }),
    ),
  ],
  html: {
    template: "./index.html",
  },
  // Lazy compilation (on by default in Rsbuild 2 dev) races with federation's async boundary.
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
}));
