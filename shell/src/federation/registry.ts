import type { RegistryRemote } from "@klarwerk/kit";
import { apiUrl } from "@klarwerk/kit/browser";
import type { ModuleFederation } from "@module-federation/runtime";
import type { ComponentType } from "react";
import { reportClientError, reportLoad } from "./reports";
import { visitorId } from "./visitor";

/**
 * Where each remote lives, and which release of it this visitor gets, is decided at run time: the
 * server answers /remotes.json?visitor=<id> with `{ "mf_marketing": { entry, version, previous,
 * count_loads, ticket }, ... }` (docs/architecture.md, "Federation and deployment"), so a team can release
 * a remote, or deploy it elsewhere, without rebuilding the shell.
 */
type Registry = Record<string, RegistryRemote>;

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

function parseRemote(value: unknown): RegistryRemote | null {
  if (typeof value === "string")
    return value ? { entry: value, version: null, previous: null, count_loads: false, ticket: null } : null;
  if (typeof value !== "object" || value === null) return null;
  const { entry, version, previous, count_loads, ticket } = value as Partial<RegistryRemote>;
  if (typeof entry !== "string" || entry === "") return null;
  const fallback =
    previous && typeof previous.entry === "string" && typeof previous.version === "string" ? previous : null;
  return {
    entry,
    version: typeof version === "string" ? version : null,
    previous: fallback,
    count_loads: !!count_loads,
    ticket: typeof ticket === "string" ? ticket : null,
  };
}

function parseRegistry(value: unknown): Registry {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error("remotes.json is not an object");
  }
  const entries: Registry = {};
  for (const [name, entry] of Object.entries(value)) {
    const remote = parseRemote(entry);
    if (remote) entries[name] = remote;
  }
  return entries;
}

async function fetchRegistry(): Promise<Registry> {
  const [response, runtimeHost] = await Promise.all([
    // Per visitor and never stored by a cache (the server says no-store).
    fetch(apiUrl("/remotes.json", { visitor: visitorId() }), {
      cache: "no-cache",
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(registryTimeoutMs),
    }),
    federation(),
  ]);
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  const entries = parseRegistry(await response.json());
  runtimeHost.registerRemotes(Object.entries(entries).map(([name, remote]) => ({ name, entry: remote.entry })));
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

async function loadScreenModule(remote: string, expose: string): Promise<RemoteScreenModule> {
  const module = await (await federation()).loadRemote<RemoteScreenModule>(`${remote}/${expose}`);
  if (!module?.default) throw new Error(`${remote}/${expose} did not load`);
  return module;
}

/** The release of each remote this page runs (the version errors are reported with). */
const runningRelease = new Map<string, string | null>();

/** The version of `remote` this page loaded (or is loading); null: not a release. */
export function releaseOf(remote: string): string | null {
  return runningRelease.get(remote) ?? registry?.[remote]?.version ?? null;
}

/** This page load's ticket for the release of `remote` it runs (sent with its reports); null for a fallback. */
export function ticketOf(remote: string): string | null {
  const release = registry?.[remote];
  return release && releaseOf(remote) === release.version ? release.ticket : null;
}

/**
 * Loads the module from the visitor's release. When that fails (the runtime's `errorLoadRemote`
 * case: manifest, entry or chunk unreachable, a shared module refused), the failure is reported
 * with its version and the remote's last good release is tried once, reported too if it fails;
 * only then does the slot show the German fallback.
 */
async function importScreen(remote: string, expose: string): Promise<RemoteScreenModule> {
  const entries = await loadRegistry();
  const release = entries[remote];
  runningRelease.set(remote, release?.version ?? null);
  try {
    const module = await loadScreenModule(remote, expose);
    if (release?.count_loads && release.version) reportLoad(remote, release.version, release.ticket);
    return module;
  } catch (error) {
    reportClientError({
      remote,
      version: release?.version ?? null,
      ticket: release?.ticket ?? null,
      kind: "load",
      error,
    });
    const previous = release?.previous;
    if (!previous || !host || runningRelease.get(remote) === previous.version) throw error;
    runningRelease.set(remote, previous.version);
    host.registerRemotes([{ name: remote, entry: previous.entry }], { force: true });
    try {
      return await loadScreenModule(remote, expose);
    } catch (fallbackError) {
      reportClientError({ remote, version: previous.version, ticket: null, kind: "load", error: fallbackError });
      throw fallbackError;
    }
  }
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
  const entry = registry?.[remote]?.entry;
  runningRelease.delete(remote);
  // A registry exists only once the runtime has loaded.
  if (entry && host) host.registerRemotes([{ name: remote, entry }], { force: true });
}
