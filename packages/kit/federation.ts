/**
 * Build-time Module Federation settings shared by the shell and the five remotes (read by each
 * app's rsbuild.config.ts and by scripts/dev.ts; never bundled into the browser).
 */
import { type ModuleFederationOptions, pluginModuleFederation } from "@module-federation/rsbuild-plugin";
import { defineConfig } from "@rsbuild/core";
import { pluginReact } from "@rsbuild/plugin-react";
import kitPackage from "./package.json" with { type: "json" };

export type RemoteName = "mf_marketing" | "mf_dashboard" | "mf_files" | "mf_customers" | "mf_invoices";

export interface RemoteApp {
  /** Folder in the workspace, also the URL segment under `/remotes/`. */
  dir: `mf-${string}`;
  /** Port of its Rsbuild dev server in `bun run dev`. */
  port: number;
  /** Where the app is mounted: `/remotes/<dir>/` (production server and dev proxy alike). */
  base: `/remotes/mf-${string}/`;
}

export const shellPort = 3000;
export const apiDevPort = 3100;

export const remoteApps: Record<RemoteName, RemoteApp> = {
  mf_marketing: { dir: "mf-marketing", port: 3001, base: "/remotes/mf-marketing/" },
  mf_dashboard: { dir: "mf-dashboard", port: 3002, base: "/remotes/mf-dashboard/" },
  mf_files: { dir: "mf-files", port: 3003, base: "/remotes/mf-files/" },
  mf_customers: { dir: "mf-customers", port: 3004, base: "/remotes/mf-customers/" },
  mf_invoices: { dir: "mf-invoices", port: 3005, base: "/remotes/mf-invoices/" },
};

/** Packages every app shares as singletons; their versions come from each app's package.json. */
const sharedPackages = [
  "react",
  "react-dom",
  "react-router",
  "jotai",
  "@tanstack/react-query",
  "@mantine/core",
  "@mantine/hooks",
  "@mantine/notifications",
  "@mantine/modals",
] as const;

/** The workspace kit, shared per entry point so its jotai atoms and query cache exist once. */
const kitEntries = ["@klarwerk/kit", "@klarwerk/kit/query", "@klarwerk/kit/portal"] as const;

export function sharedModules(dependencies: Record<string, string>): NonNullable<ModuleFederationOptions["shared"]> {
  const shared: Record<string, { singleton: true; requiredVersion: string; version?: string }> = {};
  for (const name of sharedPackages) {
    const version = dependencies[name];
    if (!version) throw new Error(`package.json is missing the shared dependency ${name}`);
    // The workspace pins exact versions; a separately deployed remote may be a patch or minor
    // ahead, which a singleton accepts (a mismatch would only warn, see design.md section 3).
    shared[name] = { singleton: true, requiredVersion: `^${version.replace(/^[\^~]/, "")}` };
  }
  for (const name of kitEntries) {
    shared[name] = { singleton: true, version: kitPackage.version, requiredVersion: `^${kitPackage.version}` };
  }
  return shared;
}

export interface FederationInput {
  name: "shell" | RemoteName;
  /** Route modules this app exposes, e.g. `{ "./Dashboard": "./src/routes/Dashboard.tsx" }`. */
  exposes?: Record<string, string>;
  dependencies: Record<string, string>;
  /**
   * Production builds share one federation runtime: the shell provides it
   * (`provideExternalRuntime`), remotes use it (`externalRuntime`) instead of bundling their own,
   * about 20 kB gzip less on every page. A production remote therefore only runs inside the shell
   * (or another host that provides the 2.9 runtime). Off in development, so a remote still runs
   * standalone on its own dev server.
   */
  sharedRuntime?: boolean;
}

export function federationOptions({
  name,
  exposes,
  dependencies,
  sharedRuntime = false,
}: FederationInput): ModuleFederationOptions {
  return {
    name,
    ...(exposes ? { exposes, filename: "remoteEntry.js" } : {}),
    // Remotes are registered at run time from /remotes.json (registerRemotes), never at build time.
    remotes: {},
    shared: sharedModules(dependencies),
    // 'version-first' would fetch every registered remote's entry on the first shared load just to
    // compare versions: on "/" that is four portal remotes a visitor never needs.
    shareStrategy: "loaded-first",
    manifest: true,
    // Type generation adds ~8 s a build (design.md section 3); types are shared through the kit.
    dts: false,
    ...(sharedRuntime
      ? {
          experiments: exposes
            ? { externalRuntime: true, optimization: { disableSnapshot: true, target: "web" } }
            : { provideExternalRuntime: true, optimization: { target: "web" } },
        }
      : {}),
  };
}

/**
 * Where `rsbuild build` writes. scripts/build.ts builds into a side folder and swaps it in, so a
 * running server never serves a half-written remote.
 */
export const distRoot = process.env.KLARWERK_DIST_DIR ?? "dist";

export interface RemoteConfigInput {
  name: RemoteName;
  exposes: Record<string, string>;
  dependencies: Record<string, string>;
  /** Title of the remote's standalone development page. */
  title: string;
}

/** The whole Rsbuild configuration of a remote: every remote is built and mounted the same way. */
export function remoteRsbuildConfig({ name, exposes, dependencies, title }: RemoteConfigInput) {
  const app = remoteApps[name];
  return defineConfig(({ command }) => ({
    plugins: [
      pluginReact(),
      pluginModuleFederation(federationOptions({ name, exposes, dependencies, sharedRuntime: command === "build" })),
    ],
    html: { title: `Klarwerk Digital – ${title} (standalone)` },
    // Mounted under /remotes/<dir>/ by the server and by the shell's dev proxy.
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
    output: { assetPrefix: "auto", distPath: { root: distRoot } },
    // The standalone page is for development only: a production remote has no runtime of its own
    // (sharedRuntime) and is only ever loaded by the shell.
    tools: { htmlPlugin: command !== "build" },
  }));
}
