import {
  blobKey,
  blobsPrefix,
  type Manifest,
  ManifestError,
  manifestKey,
  parseManifest,
  setsPrefix,
  timeOfSet,
} from "./manifest.ts";
import { restoreMessages } from "./messages.ts";
import type { BackupTarget } from "./target.ts";

/**
 * The sets in a target, which of them to keep (7 daily, 4 weekly, 12 monthly) and the pruning of
 * the rest, together with every blob no kept set lists.
 */

export interface StoredSet {
  name: string;
  time: Date;
  /** Whether its manifest is there (a set without one was cut short and is never restored). */
  complete: boolean;
  keys: string[];
}

/** Every set in the target, oldest first. */
export async function listSets(target: BackupTarget): Promise<StoredSet[]> {
  const sets = new Map<string, StoredSet>();
  for await (const keys of target.list(setsPrefix)) {
    for (const key of keys) {
      const name = key.split("/")[1] ?? "";
      const time = timeOfSet(name);
      if (!time) continue;
      const set = sets.get(name) ?? { name, time, complete: false, keys: [] };
      set.keys.push(key);
      if (key === manifestKey(name)) set.complete = true;
      sets.set(name, set);
    }
  }
  return [...sets.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The manifest's text as stored (what its signature covers). */
export async function readManifestText(target: BackupTarget, set: string): Promise<string> {
  const text = await target.readText(manifestKey(set));
  if (text === null) throw new Error(restoreMessages.noSuchSet(set, target.description));
  return text;
}

export async function readManifest(target: BackupTarget, set: string): Promise<Manifest> {
  return parseManifest(await readManifestText(target, set), set);
}

/**
 * The audit chain head each complete set recorded, oldest first (what verify compares with the
 * trail); a set whose manifest cannot be read is left out, as a restore would refuse it.
 */
export async function manifestAuditHeads(target: BackupTarget): Promise<{ set: string; head: string | null }[]> {
  const heads: { set: string; head: string | null }[] = [];
  for (const set of (await listSets(target)).filter((candidate) => candidate.complete)) {
    const manifest = await readManifest(target, set.name).catch(() => null);
    if (manifest) heads.push({ set: set.name, head: manifest.auditChainHead ?? null });
  }
  return heads;
}

/**
 * The blobs a set's manifest lists, read without the full check a restore makes: pruning keeps
 * whatever a kept set may need, and one odd manifest must not stop every backup after it.
 */
async function listedBlobs(target: BackupTarget, set: string): Promise<string[]> {
  const text = await target.readText(manifestKey(set));
  if (text === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ManifestError(restoreMessages.manifestNotJson(set));
  }
  const blobs = typeof value === "object" && value !== null && "blobs" in value ? value.blobs : null;
  if (!Array.isArray(blobs)) return [];
  return blobs.flatMap((blob: unknown) =>
    typeof blob === "object" &&
    blob !== null &&
    "sha256" in blob &&
    typeof blob.sha256 === "string" &&
    /^[0-9a-f]{64}$/.test(blob.sha256)
      ? [blob.sha256]
      : [],
  );
}

/** `latest`: the newest complete set; otherwise the named one. */
export async function resolveSet(target: BackupTarget, name: string): Promise<string> {
  if (name !== "latest") return name;
  const newest = (await listSets(target)).filter((set) => set.complete).at(-1);
  if (!newest) throw new Error(restoreMessages.noCompleteSet(target.description));
  return newest.name;
}

export const retention = { daily: 7, weekly: 4, monthly: 12 } as const;

/** Local calendar keys: a day, an ISO week (by its Monday), a month. */
function dayKey(time: Date): string {
  return `${time.getFullYear()}-${time.getMonth() + 1}-${time.getDate()}`;
}
function weekKey(time: Date): string {
  const monday = new Date(time);
  monday.setHours(0, 0, 0, 0);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return dayKey(monday);
}
function monthKey(time: Date): string {
  return `${time.getFullYear()}-${time.getMonth() + 1}`;
}

/**
 * The complete sets to keep: the newest of each of the last 7 days that have a set, of the last
 * 4 weeks and of the last 12 months (a set may count for all three), and always the newest.
 */
export function setsToKeep(sets: StoredSet[], policy: typeof retention = retention): Set<string> {
  const complete = sets.filter((set) => set.complete).sort((a, b) => b.time.getTime() - a.time.getTime());
  const keep = new Set<string>();
  if (complete[0]) keep.add(complete[0].name);
  for (const [count, keyOf] of [
    [policy.daily, dayKey],
    [policy.weekly, weekKey],
    [policy.monthly, monthKey],
  ] as const) {
    const seen = new Set<string>();
    for (const set of complete) {
      const key = keyOf(set.time);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      keep.add(set.name);
    }
  }
  return keep;
}

export interface PrunePlan {
  sets: string[];
  /** Blobs no kept set lists. */
  blobs: string[];
  blobBytes: number;
}

/**
 * What pruning removes: every complete set the policy does not keep, incomplete sets older than a
 * day (a backup cut short; a younger one may still be running), and every blob no kept set lists.
 * Run under the backup lock: a running backup's new blobs are listed by no manifest yet.
 */
export async function planPrune(target: BackupTarget, now = Date.now()): Promise<PrunePlan> {
  const sets = await listSets(target);
  const keep = setsToKeep(sets);
  const gone = sets.filter((set) => (set.complete ? !keep.has(set.name) : now - set.time.getTime() > 24 * 60 * 60_000));
  const listed = new Set<string>();
  for (const name of keep) {
    for (const sha256 of await listedBlobs(target, name)) listed.add(blobKey(sha256));
  }
  const blobs: string[] = [];
  let blobBytes = 0;
  for await (const keys of target.list(blobsPrefix)) {
    for (const key of keys) {
      if (listed.has(key)) continue;
      blobs.push(key);
      blobBytes += (await target.sizeOf(key)) ?? 0;
    }
  }
  return { sets: gone.map((set) => set.name), blobs, blobBytes };
}

/** Removes what `planPrune` found: each set's manifest first, so a half-removed set is incomplete. */
export async function prune(target: BackupTarget, plan: PrunePlan): Promise<void> {
  const sets = new Map((await listSets(target)).map((set) => [set.name, set]));
  for (const name of plan.sets) {
    const set = sets.get(name);
    if (!set) continue;
    await target.remove(manifestKey(name));
    for (const key of set.keys) if (key !== manifestKey(name)) await target.remove(key);
  }
  for (const key of plan.blobs) await target.remove(key);
}
