/**
 * Build-time Module Federation settings shared by the shell and the five remotes (read by each
 * app's rsbuild.config.ts and by scripts/dev.ts; never bundled into the browser; the shell's
 * browser code imports its types only).
 */
import { type ModuleFederationOptions, pluginModuleFederation } from "@module-federation/rsbuild-plugin";
import { defineConfig } from "@rsbuild/core";
import { pluginReact } from "@rsbuild/plugin-react";
import {
  type FederationName,
  federationName,
  type RemoteDir,
  type RemoteName,
  type RemoteScreens,
  remoteBase,
  remoteDir,
  screenFile,
} from "./src/remotes";
import { kitSurfaceVersion, sharedKitEntries } from "./surface";

export interface RemoteApp {
  name: FederationName;
  /** Folder in the workspace, also the URL segment under `/remotes/`. */
  dir: RemoteDir;
  /** Port of its Rsbuild dev server in `bun run dev`. */
  port: number;
  /** Where the app is mounted: `/remotes/<dir>/` (production server and dev proxy alike). */
  base: `/remotes/${RemoteDir}/`;
}

export const shellPort = 3000;
export const apiDevPort = 3100;

const devPorts: Record<RemoteName, number> = {
  marketing: 3001,
  dashboard: 3002,
  files: 3003,
  customers: 3004,
  invoices: 3005,
};

function remoteApp(remote: RemoteName): RemoteApp {
  return { name: federationName(remote), dir: remoteDir(remote), port: devPorts[remote], base: remoteBase(remote) };
}

export const remoteApps: Record<RemoteName, RemoteApp> = {
  marketing: remoteApp("marketing"),
  dashboard: remoteApp("dashboard"),
  files: remoteApp("files"),
  customers: remoteApp("customers"),
  invoices: remoteApp("invoices"),
};

/**
 * Packages every app shares whole as singletons; their versions come from each app's package.json.
 * Only these: a shared package is built with all its exports, since any remote might use any.
 * The libraries the portal uses in part reach the remotes through kit entries that re-export what
 * is used (`@klarwerk/kit/ui` for Mantine, `@klarwerk/kit/query` for TanStack Query); routing
 * is the shell's alone (remotes redirect through `@klarwerk/kit/portal`).
 */
const sharedPackages = ["react", "react-dom", "jotai"] as const;

/** Every module shared as a singleton: the packages above and the kit's shared entries. */
export type SharedName = (typeof sharedPackages)[number] | (typeof sharedKitEntries)[number];

export interface SharedModuleConfig {
  /** The version this build provides. */
  version: string;
  singleton: true;
  requiredVersion: string;
  strictVersion?: true;
}

function exactVersion(dependencies: Record<string, string>, name: string): string {
  const version = dependencies[name];
  if (!version) throw new Error(`package.json is missing the shared dependency ${name}`);
  return version.replace(/^[\^~]/, "");
}

/**
 * Version and requirement of every shared module, from an app's package.json: the remotes' build
 * plugin shares with these (sharedModules) and the shell registers its own modules under them with
 * the federation runtime (shell/src/federation/runtime.ts), so both sides always agree.
 */
export function sharedModuleConfigs(dependencies: Record<string, string>): Record<SharedName, SharedModuleConfig> {
  const shared = {} as Record<SharedName, SharedModuleConfig>;
  for (const name of sharedPackages) {
    const version = exactVersion(dependencies, name);
    // The workspace pins exact versions; a separately deployed remote may be a patch or minor
    // ahead, which a singleton accepts (a mismatch would only warn).
    shared[name] = { version, singleton: true, requiredVersion: `^${version}` };
  }
  // The kit's session, query cache, UI and portal providers exist once, in the shell's build. A
  // remote built against other exports of them must not run on the shell's (surface.ts): with the
  // exact version and strictVersion its load fails and the shell shows the remote's fallback.
  const kitVersion = kitSurfaceVersion();
  for (const name of sharedKitEntries) {
    shared[name] = { version: kitVersion, singleton: true, requiredVersion: kitVersion, strictVersion: true };
  }
  return shared;
}

export function sharedModules(dependencies: Record<string, string>): NonNullable<ModuleFederationOptions["shared"]> {
  const shared: Record<string, { singleton: true; requiredVersion: string; version?: string; strictVersion?: true }> =
    {};
  for (const [name, { version, ...config }] of Object.entries(sharedModuleConfigs(dependencies))) {
    // A package's own version the plugin reads from node_modules; the kit's is its surface version.
    shared[name] = config.strictVersion ? { ...config, version } : config;
  }
  return shared;
}

export interface FederationInput {
  name: FederationName;
  /** Route modules this remote exposes, e.g. `{ "./Dashboard": "./src/routes/Dashboard.tsx" }`. */
  exposes: Record<string, string>;
  dependencies: Record<string, string>;
  /**
   * Production builds share one federation runtime: the shell's (its runtime instance hands it
   * over, shell/src/federation/runtime.ts), and remotes use it (`externalRuntime`) instead of
   * bundling their own, about 20 kB gzip less on every page. A production remote therefore only
   * runs inside the shell (or another host that provides the 2.9 runtime). Off in development, so
   * a remote still runs standalone on its own dev server.
   */
  sharedRuntime?: boolean;
}

/**
 * A remote's Module Federation options. The shell is a host through the runtime's API instead
 * (shell/rsbuild.config.ts), registering its modules under `sharedModuleConfigs`.
 */
export function federationOptions({
  name,
  exposes,
  dependencies,
  sharedRuntime = false,
}: FederationInput): ModuleFederationOptions {
  return {
    name,
    exposes,
    filename: "remoteEntry.js",
    // Remotes are registered at run time from /remotes.json (registerRemotes), never at build time.
    remotes: {},
    shared: sharedModules(dependencies),
    // 'version-first' would fetch every registered remote's entry on the first shared load just to
    // compare versions: on "/" that is four portal remotes a visitor never needs.
    shareStrategy: "loaded-first",
    manifest: true,
    // Type generation adds ~8 s a build; types are shared through the kit instead.
    dts: false,
    ...(sharedRuntime
      ? { experiments: { externalRuntime: true, optimization: { disableSnapshot: true, target: "web" } } }
      : {}),
  };
}

/**
 * Where `rsbuild build` writes. scripts/build.ts builds into a side folder and swaps it in, so a
 * running server never serves a half-written remote.
 */
export const distRoot = process.env.KLARWERK_DIST_DIR ?? "dist";

export interface RemoteConfigInput {
  /** The remote's `screens.ts`: each screen is exposed as `./<expose>`. */
  screens: RemoteScreens;
  dependencies: Record<string, string>;
  /** Title of the remote's standalone development page. */
  title: string;
}

/** The modules a remote exposes: one per screen, e.g. `{ "./Dashboard": "./src/routes/Dashboard.tsx" }`. */
export function exposesOf({ screens }: RemoteScreens): Record<string, string> {
  return Object.fromEntries(screens.map((screen) => [`./${screen.expose}`, screenFile(screen)]));
}

/** The whole Rsbuild configuration of a remote: every remote is built and mounted the same way. */
export function remoteRsbuildConfig({ screens, dependencies, title }: RemoteConfigInput) {
  const app = Object.values(remoteApps).find((candidate) => candidate.name === screens.remote);
  if (!app) throw new Error(`no remote named ${screens.remote}`);
  const exposes = exposesOf(screens);
  return defineConfig(({ command }) => ({
    plugins: [
      pluginReact(),
      pluginModuleFederation(
        federationOptions({ name: app.name, exposes, dependencies, sharedRuntime: command === "build" }),
      ),
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
