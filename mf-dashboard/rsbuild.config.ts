import { federationOptions, remoteApps } from "@klarwerk/kit/federation";
import { pluginModuleFederation } from "@module-federation/rsbuild-plugin";
import { defineConfig } from "@rsbuild/core";
import { pluginReact } from "@rsbuild/plugin-react";
import pkg from "./package.json" with { type: "json" };

const app = remoteApps.mf_dashboard;

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    pluginModuleFederation(
      federationOptions({
        name: "mf_dashboard",
        exposes: { "./Dashboard": "./src/routes/Dashboard.tsx" },
        dependencies: pkg.dependencies,
        sharedRuntime: command === "build",
      }),
    ),
  ],
  html: { title: "Klarwerk Digital – Dashboard (standalone)" },
  // Mounted under /remotes/mf-dashboard/ by the server and by the shell's dev proxy.
  server: {
    port: app.port,
    base: app.base,
    strictPort: true,
    // Development only: the shell's dev server (another local port) may load this remote directly.
    cors: { origin: /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/ },
  },
  // Chunks are found relative to remoteEntry.js, so one build works under any path or origin.
  // Lazy compilation (on by default in Rsbuild 2 dev) races with federation's async boundary:
  // first loads failed with "Chunk is from another build".
  dev: { assetPrefix: "auto", lazyCompilation: false },
  output: { assetPrefix: "auto" },
  // The standalone page is for development only: a production remote has no runtime of its own
  // (sharedRuntime) and is only ever loaded by the shell.
  tools: { htmlPlugin: command !== "build" },
}));
