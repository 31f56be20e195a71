import { apiUrl } from "@klarwerk/kit/browser";
import type { ModuleFederation } from "@module-federation/runtime";
import type { ComponentType } from "react";

/**
 * Where each remote lives is decided at run time: the server answers /remotes.json with
 * `{ "mf_marketing": "<url of mf-manifest.json>", ... }` (docs/architecture.md, "Federation and deployment"), so a team can
 * deploy a remote elsewhere without rebuilding the shell.
 */
type Registry = Record<string, string>;

const registryTimeoutMs = 8000;

let registry: Registry | null = null;
let pending: Promise<Registry> | null = null;
let runtime: Promise<ModuleFederation> | null = null;
let host: ModuleFederation | null = null;

/**
 * The federation runtime, loaded on first use: a public page shows and works without it until a
 * remote's module is needed. A failed load (offline) is tried again on the next call.
 */
function federation(): Promise<ModuleFederation> {
  runtime ??= import("./runtime").then(
    (module) => {
      host = module.federation;
      return host;
    },
    (error: unknown) => {
      runtime = null;
      throw error;
    },
  );
  return runtime;
}

function parseRegistry(value: unknown): Registry {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error("remotes.json is not an object");
  }
  const entries: Registry = {};
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry === "string" && entry !== "") entries[name] = entry;
  }
  return entries;
}

async function fetchRegistry(): Promise<Registry> {
  const [response, runtimeHost] = await Promise.all([
    fetch(apiUrl("/remotes.json"), {
      cache: "no-cache",
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(registryTimeoutMs),
    }),
    federation(),
  ]);
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  const entries = parseRegistry(await response.json());
  runtimeHost.registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
  registry = entries;
  return entries;
}

/**
 * Fetches /remotes.json and registers every remote with the federation runtime, once. A failed
 * attempt is forgotten, so the next call (a retry button) asks the server again.
 */
export function loadRegistry(): Promise<Registry> {
  if (registry) return Promise.resolve(registry);
  if (!pending) {
    pending = fetchRegistry().finally(() => {
      pending = null;
    });
  }
  return pending;
}

export interface RemoteScreenModule {
  default: ComponentType;
}

const screenLoads = new Map<string, Promise<RemoteScreenModule>>();
/** Modules that finished loading, for rendering them without a suspending render first. */
const loadedScreens = new Map<string, RemoteScreenModule>();

async function importScreen(remote: string, expose: string): Promise<RemoteScreenModule> {
  await loadRegistry();
  const module = await (await federation()).loadRemote<RemoteScreenModule>(`${remote}/${expose}`);
  if (!module?.default) throw new Error(`${remote}/${expose} did not load`);
  return module;
}

/**
 * Loads `<remote>/<expose>` (e.g. `mf_dashboard/Dashboard`) once the registry is known. Calls for
 * the same module share one load; a failed load is forgotten so the next call tries again.
 */
export function loadRemoteScreen(remote: string, expose: string): Promise<RemoteScreenModule> {
  const id = `${remote}/${expose}`;
  let load = screenLoads.get(id);
  if (!load) {
    load = importScreen(remote, expose);
    screenLoads.set(id, load);
    load.then(
      (module) => {
        if (screenLoads.get(id) === load) loadedScreens.set(id, module);
      },
      () => {
        if (screenLoads.get(id) === load) screenLoads.delete(id);
      },
    );
  }
  return load;
}

/** `<remote>/<expose>` if it has already loaded. */
export function loadedRemoteScreen(remote: string, expose: string): RemoteScreenModule | undefined {
  return loadedScreens.get(`${remote}/${expose}`);
}

/**
 * Makes the next load of `remote` start from scratch. The runtime caches a remote's manifest,
 * entry and module cache per name; registering it again with `force` drops all of that, so a
 * retry after the network is back really fetches again. Without a registry yet, the next
 * loadRegistry() fetches /remotes.json again instead.
 */
export function resetRemote(remote: string): void {
  for (const id of screenLoads.keys()) {
    if (id.startsWith(`${remote}/`)) screenLoads.delete(id);
  }
  for (const id of loadedScreens.keys()) {
    if (id.startsWith(`${remote}/`)) loadedScreens.delete(id);
  }
  const entry = registry?.[remote];
  // A registry exists only once the runtime has loaded.
  if (entry && host) host.registerRemotes([{ name: remote, entry }], { force: true });
}
