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
  performance: {
    chunkSplit: {
      strategy: "split-by-experience",
      override: {
        cacheGroups: {
          // The portal's kit entries load two ways: the shell's portal code imports them and the
          // federation runtime's factories (src/federation/runtime.ts) import them for the remotes.
          // Below the default minimum size (20 KB) each async chunk got its own copy, and the
          // first portal screen downloaded `@klarwerk/kit/portal` twice (~4 KB brotli).
          kitShared: {
            test: /[\\/]packages[\\/]kit[\\/]src[\\/]/,
            chunks: "async",
            minChunks: 2,
            minSize: 0,
            priority: -5,
            reuseExistingChunk: true,
          },
          // The portal's Mantine in two chunks: what `@klarwerk/kit/ui-extra` alone adds, and the
          // rest. Left to the default splitting, the modules `ui`, `ui-extra` and `portal` share
          // fell into four chunks by which of them uses each, ~3.5 KB of brotli more than one
          // chunk compresses to, on the dashboard's first visit.
          mantineExtra: {
            test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Menu|PasswordInput|Progress|Breadcrumbs|Skeleton)[\\/]/,
            name: "lib-mantine-extra",
            chunks: "async",
            priority: 20,
            enforce: true,
          },
          mantine: {
            // Mantine's hooks too, but not the two only the notifications use (their chunk loads
            // with the first toast), and the small packages Mantine's dialogs pull in.
            test: /node_modules[\\/](@mantine[\\/](core|modals|hooks[\\/]esm[\\/](?!use-drag|use-force-update))|@floating-ui|react-number-format|react-remove-scroll|react-style-singleton|use-sidecar|use-callback-ref|tslib|clsx|get-nonce|detect-node-es)/,
            name: "lib-mantine",
            chunks: "async",
            priority: 10,
            enforce: true,
          },
        },
      },
    },
  },
  output: {
    // The shell is served from the site root; its assets are always under /static/.
    assetPrefix: "/",
    distPath: { root: distRoot },
  },
});
