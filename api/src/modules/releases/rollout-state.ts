import { federationName, type RegistryRemote, type RemoteName, type RemoteRegistry, remoteNames } from "@klarwerk/kit";
import type { ChangeFeed } from "../../db/change-feed.ts";
import type { Sql } from "../../db/open.ts";
import { TableCache } from "../../db/table-cache.ts";
import { allRollouts, type RolloutRow } from "./store.ts";

/** Signs this page load's ticket for a release served (`CanaryVisitors`); null: no tickets. */
export type TicketSigner = (remote: RemoteName, version: string) => string;

/**
 * Which release each remote serves, as every API process keeps it: the rollouts are read once and
 * kept until the change feed reports a change of `remote_rollouts` (from any process: its trigger
 * NOTIFYs on commit), so `/remotes.json` costs no query per page load and a rollout reaches every
 * process within one NOTIFY round trip. Without a live feed every call reads the database.
 */
export interface RolloutState {
  all(): Promise<RolloutRow[]>;
  /** This process changed a rollout: forget at once (the others hear the NOTIFY). */
  changed(): void;
}

export function rolloutState(sql: Sql, changes: ChangeFeed | null): RolloutState {
  const cache = new TableCache<RolloutRow[]>(changes, { name: "rollouts", tables: ["remote_rollouts"], maxEntries: 1 });
  return {
    all: () => cache.get("all", () => allRollouts(sql)),
    changed: () => {
      if (changes) changes.changed("remote_rollouts");
      else cache.clear();
    },
  };
}

/** A visitor id the shell made (random, kept in its storage); anything else counts as none. */
const visitorIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

export function parseVisitorId(value: string | null | undefined): string | null {
  return value && visitorIdPattern.test(value) ? value : null;
}

/**
 * The visitor's bucket for a remote, 0-99: FNV-1a of remote and id, so it is the same in every
 * process and on every page load (sticky), and independent between remotes. A visitor without an
 * id is in no canary.
 */
export function visitorBucket(remote: RemoteName, visitor: string | null): number {
  if (visitor === null) return 100;
  let hash = 0x811c9dc5;
  for (const char of `${remote}:${visitor}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/**
 * `/remotes.json` for one visitor: per remote the canary when the visitor's bucket is within its
 * share, else the active release; the release to fall back to once (the active one for a canary
 * visitor, else the one active before); a remote without releases comes from
 * `REMOTE_<NAME>_URL` (`fallback`). While a remote runs a canary, the release served carries this
 * page load's ticket (`sign`); only then do its reports decide anything.
 */
export function registryFor(
  visitor: string | null,
  rollouts: readonly RolloutRow[],
  fallback: Record<RemoteName, string>,
  sign: TicketSigner | null = null,
): RemoteRegistry {
  const byRemote = new Map(rollouts.map((rollout) => [rollout.remote, rollout]));
  const registry = {} as RemoteRegistry;
  for (const remote of remoteNames) {
    const rollout = byRemote.get(remote);
    let entry: RegistryRemote;
    if (!rollout) {
      entry = { entry: fallback[remote], version: null, previous: null, count_loads: false, ticket: null };
    } else {
      const canary = rollout.canary && visitorBucket(remote, visitor) < rollout.canary_share ? rollout.canary : null;
      const served = canary ?? rollout.active;
      const previous = canary ? rollout.active : rollout.previous;
      entry = {
        entry: served.manifest_url,
        version: served.version,
        previous: previous ? { entry: previous.manifest_url, version: previous.version } : null,
        count_loads: rollout.canary !== null,
        // Issued per answer, never kept: its time is this page load's.
        ticket: rollout.canary && sign ? sign(remote, served.version) : null,
      };
    }
    registry[federationName(remote)] = entry;
  }
  return registry;
}

/**
 * Per remote, every manifest URL a visitor may be given now (what the pages' CSP must allow):
 * `configured`, its `REMOTE_<NAME>_URL` while it has no release; `released`, the manifests of its
 * active, canary and previous releases.
 */
export function urlsInUse(
  rollouts: readonly RolloutRow[],
  fallback: Record<RemoteName, string>,
): Record<RemoteName, { configured: string[]; released: string[] }> {
  const byRemote = new Map(rollouts.map((rollout) => [rollout.remote, rollout]));
  const inUse = {} as Record<RemoteName, { configured: string[]; released: string[] }>;
  for (const remote of remoteNames) {
    const rollout = byRemote.get(remote);
    inUse[remote] = rollout
      ? {
          configured: [],
          released: [rollout.active, rollout.canary, rollout.previous].flatMap((release) =>
            release ? [release.manifest_url] : [],
          ),
        }
      : { configured: [fallback[remote]], released: [] };
  }
  return inUse;
}
