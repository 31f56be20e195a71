import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type AuditEvent,
  type AuditFilter,
  type AuditRetentionClass,
  type AuditVerification,
  auditActions,
  auditChangeLine,
  auditFieldLabel,
  auditMessages,
  auditObjectTypes,
  formatDateTime,
  todayInGermany,
} from "@klarwerk/kit";
import type { Config, ResolvedConfig } from "../../config.ts";
import { whileLocked } from "../../db/advisory-lock.ts";
import type { Queries, Sql } from "../../db/open.ts";
import { type Schedule, scheduleEvery } from "../../lib/schedule-every.ts";
import {
  chainHead,
  chainLinks,
  eventHash,
  eventMac,
  eventsToSeal,
  listAuditEvents,
  lockSealState,
  purgeDue,
  purgeExpired,
  type RetentionPeriods,
  type SealState,
  saveSealState,
  sealState,
  storeMacs,
  storePurgeMacs,
  unsealedTombstones,
  withBuiltinsOnly,
} from "./store.ts";

/** Each class's period as a PostgreSQL interval (`AUDIT_RETENTION_*_YEARS`). */
export function retentionPeriods(config: Pick<Config, "auditRetentionYears">): RetentionPeriods {
  const period = (kind: AuditRetentionClass) => `${config.auditRetentionYears[kind]} years`;
  return { books: period("books"), security: period("security"), other: period("other") };
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

/** `AUDIT_KEY`, or a key derived from the JWT secret under a label of its own (never the signing key itself). */
export function auditChainKey(config: Pick<ResolvedConfig, "jwtSecret" | "auditKey">): Uint8Array {
  if (config.auditKey !== null) return new TextEncoder().encode(config.auditKey);
  return createHmac("sha256", config.jwtSecret).update("klarwerk audit chain v1").digest();
}

/** HMAC-SHA-256 over a label and the parts, one line each (numbers in decimal, bytes in hex). */
function mac(key: Uint8Array, label: string, ...parts: (number | Uint8Array)[]): Buffer {
  const text = [label, ...parts.map((part) => (typeof part === "number" ? String(part) : hex(part)))].join("\n");
  return createHmac("sha256", key).update(text).digest();
}

const sealOf = {
  /** An event's seal: its hash (content, number, time and the previous hash) chained to the previous seal. */
  event: (key: Uint8Array, previous: Uint8Array, seq: number, hash: Uint8Array) =>
    mac(key, "event", previous, seq, hash),
  /** A tombstone's: only a purge with the key empties an event. */
  purged: (key: Uint8Array, seq: number, hash: Uint8Array) => mac(key, "purged", seq, hash),
  /** The anchor's: where the chain starts, moved only by a purge with the key. */
  anchor: (key: Uint8Array, seq: number, hash: Uint8Array, anchorMac: Uint8Array) =>
    mac(key, "anchor", seq, hash, anchorMac),
  /** What the first sealed event chains to at the cut-over. */
  genesis: (key: Uint8Array, seq: number, hash: Uint8Array) => mac(key, "genesis", seq, hash),
  cutover: (key: Uint8Array, seq: number) => mac(key, "cutover", seq),
};

const same = (a: Uint8Array | null, b: Uint8Array) => a !== null && a.length === b.length && timingSafeEqual(a, b);

/** A kept backup set's record of the chain head (`<seq>:<hash hex>`), to compare with the trail. */
export interface ManifestHead {
  set: string;
  head: string | null;
}

export interface VerifyOptions {
  /** The audit key; the chain's seals are recomputed with it. */
  key: Uint8Array;
  manifests?: readonly ManifestHead[];
  chunk?: number;
  /** How long an event may wait for its seal (every API process seals every few seconds). */
  unsealedGraceMs?: number;
  now?: number;
}

/**
 * Recomputes the chain oldest first, `chunk` events a query, from the built-in functions alone:
 * each event's hash over its previous hash and its content, each link to the event before (the
 * anchor for the oldest), no gap in the numbers, no tombstone emptied before its class's period
 * ended, and the newest event is the chain head's. Once the API sealed the trail: the anchor's
 * seal, every event's seal under the key (only the last few seconds' may be missing), every
 * tombstone's. And each kept backup's head: the event it names must be there with the same hash,
 * unless a purge (with the key) removed it. Names the first event that does not match.
 * `periods` null: the cut-over's check, without the periods.
 */
export async function verifyAuditChain(
  sql: Sql,
  periods: RetentionPeriods | null,
  { key, manifests = [], chunk = 5000, unsealedGraceMs = 10 * 60_000, now = Date.now() }: VerifyOptions,
): Promise<AuditVerification> {
  return withBuiltinsOnly(sql, async (tx) => {
    const head = await chainHead(tx);
    const seal = await sealState(tx);
    const keyed = seal.cutover_seq !== null;
    let checked = 0;
    const mismatch = (seq: number, at: Date | null, reason: string): AuditVerification => ({
      ok: false,
      checked,
      first_mismatch: { seq, occurred_at: at?.toISOString() ?? null, reason },
    });
    const recorded = new Map<number, { set: string; hash: string }[]>();
    for (const { set, head: text } of manifests) {
      const match = /^(\d+):([0-9a-f]{64})$/.exec(text ?? "");
      if (!match) continue;
      const seq = Number(match[1]);
      // Before the anchor: removed by a purge, which only the key moves the anchor for.
      if (seq <= head.anchor_seq) continue;
      recorded.set(seq, [...(recorded.get(seq) ?? []), { set, hash: match[2] ?? "" }]);
    }
    let previousSeal: Uint8Array | null = null;
    if (keyed) {
      const anchorMac = seal.anchor_mac;
      if (
        anchorMac === null ||
        !same(seal.anchor_seal, sealOf.anchor(key, head.anchor_seq, head.anchor_hash, anchorMac)) ||
        !same(seal.cutover_mac, sealOf.cutover(key, seal.cutover_seq ?? 0))
      ) {
        return mismatch(head.anchor_seq + 1, null, auditMessages.mismatch.anchorMoved);
      }
      previousSeal = anchorMac;
    }
    let previous = { seq: head.anchor_seq, hash: hex(head.anchor_hash) };
    for (;;) {
      const links = await chainLinks(tx, { afterSeq: previous.seq, limit: chunk, periods });
      for (const link of links) {
        if (link.seq !== previous.seq + 1) return mismatch(previous.seq + 1, null, auditMessages.mismatch.gap);
        if (hex(link.prev_hash) !== previous.hash) {
          return mismatch(link.seq, link.occurred_at, auditMessages.mismatch.linkBroken);
        }
        if (!link.content_matches) return mismatch(link.seq, link.occurred_at, auditMessages.mismatch.contentChanged);
        if (keyed && link.tombstone && !same(link.purge_mac, sealOf.purged(key, link.seq, link.hash))) {
          return mismatch(link.seq, link.occurred_at, auditMessages.mismatch.purgedWithoutKey);
        }
        if (link.purged_early) return mismatch(link.seq, link.occurred_at, auditMessages.mismatch.purgedEarly);
        if (keyed && link.mac === null) {
          if (now - link.occurred_at.getTime() > unsealedGraceMs) {
            return mismatch(link.seq, link.occurred_at, auditMessages.mismatch.notSealed);
          }
          previousSeal = null;
        } else if (keyed) {
          // A sealed event after an unsealed one was sealed by no API process.
          if (previousSeal === null || !same(link.mac, sealOf.event(key, previousSeal, link.seq, link.hash))) {
            return mismatch(link.seq, link.occurred_at, auditMessages.mismatch.sealBroken);
          }
          previousSeal = link.mac;
        }
        for (const { set, hash } of recorded.get(link.seq) ?? []) {
          if (hash !== hex(link.hash))
            return mismatch(link.seq, link.occurred_at, auditMessages.mismatch.backupDiffers(set));
        }
        previous = { seq: link.seq, hash: hex(link.hash) };
        checked++;
      }
      if (links.length < chunk) break;
    }
    if (previous.seq !== head.last_seq || previous.hash !== hex(head.last_hash)) {
      return mismatch(Math.max(previous.seq, head.last_seq), null, auditMessages.mismatch.headMismatch);
    }
    const ahead = [...recorded.entries()].filter(([seq]) => seq > previous.seq).sort(([a], [b]) => a - b)[0];
    if (ahead) return mismatch(ahead[0], null, auditMessages.mismatch.backupAhead(ahead[1][0]?.set ?? ""));
    return { ok: true, checked, first_mismatch: null };
  });
}

/** Events sealed at most this many a round (a round is one transaction). */
const sealBatch = 1000;

/**
 * Seals, under the key, every event the database linked since the last seal, in the transaction
 * holding the seal's row. The first time (the cut-over): the trail written before is checked the
 * old way first and sealed only when it is whole, and its tombstones get their seals; a trail
 * that is not whole is left unsealed (verify keeps naming its first bad event).
 * The number of events sealed.
 */
async function sealWithin(
  tx: Queries,
  key: Uint8Array,
  state: SealState,
  legacyWhole: boolean | null,
): Promise<number> {
  const head = await chainHead(tx);
  const cuttingOver = state.cutover_seq === null;
  if (state.cutover_seq === null) {
    if (!legacyWhole) return 0;
    const anchorMac = sealOf.genesis(key, head.anchor_seq, head.anchor_hash);
    state.cutover_seq = head.last_seq;
    state.cutover_mac = sealOf.cutover(key, head.last_seq);
    state.anchor_mac = anchorMac;
    state.anchor_seal = sealOf.anchor(key, head.anchor_seq, head.anchor_hash, anchorMac);
    state.sealed_seq = head.anchor_seq;
    state.sealed_mac = anchorMac;
    const tombstones = await unsealedTombstones(tx, head.anchor_seq);
    await storePurgeMacs(
      tx,
      tombstones.map((t) => ({ seq: t.seq, mac: hex(sealOf.purged(key, t.seq, t.hash)) })),
    );
  }
  let sealed = 0;
  for (;;) {
    const previousHash =
      state.sealed_seq === head.anchor_seq ? head.anchor_hash : await eventHash(tx, state.sealed_seq);
    if (previousHash === null || state.sealed_mac === null) {
      console.error(`[api] audit trail: event #${state.sealed_seq}, the last sealed, is gone; nothing is sealed`);
      break;
    }
    const events = await eventsToSeal(tx, state.sealed_seq, sealBatch);
    const macs: { seq: number; mac: string }[] = [];
    let previous = { seq: state.sealed_seq, hash: previousHash, mac: state.sealed_mac };
    for (const event of events) {
      if (event.seq !== previous.seq + 1 || hex(event.prev_hash) !== hex(previous.hash)) {
        console.error(`[api] audit trail: event #${event.seq} does not follow #${previous.seq}; not sealed`);
        break;
      }
      const eventMac = sealOf.event(key, previous.mac, event.seq, event.hash);
      macs.push({ seq: event.seq, mac: hex(eventMac) });
      previous = { seq: event.seq, hash: event.hash, mac: eventMac };
    }
    await storeMacs(tx, macs);
    state.sealed_seq = previous.seq;
    state.sealed_mac = previous.mac;
    sealed += macs.length;
    if (events.length < sealBatch || macs.length < events.length) break;
  }
  // An idle round writes nothing: every process runs one every two seconds.
  if (sealed > 0 || cuttingOver) await saveSealState(tx, state);
  return sealed;
}

/** Whether the trail written before the key is whole: checked before the cut-over seals it. */
async function legacyTrailWhole(sql: Sql, key: Uint8Array): Promise<boolean> {
  const seal = await sealState(sql);
  if (seal.cutover_seq !== null) return true;
  const verdict = await verifyAuditChain(sql, null, { key });
  if (!verdict.ok) {
    console.error(
      `[api] audit trail: not sealed under the key, as it was changed before: event #${verdict.first_mismatch?.seq}: ` +
        `${verdict.first_mismatch?.reason}`,
    );
  }
  return verdict.ok;
}

/**
 * The sealing of one API process: each call seals the events linked since the last round (0 when
 * another process is sealing). It remembers the newest seal it made or saw: a trail found behind
 * that (seals stripped and the seal's row set back, the cut-over undone, a sealed event changed)
 * was rewritten without the key, so to seal it again would bless the rewrite. The process then
 * stops sealing and says so in its log; the rewritten events stay unsealed and verify names them
 * once they are ten minutes old.
 */
export function auditSealer(sql: Sql, key: Uint8Array): () => Promise<number> {
  let seen: { seq: number; mac: string } | null = null;
  let halted = false;
  return async () => {
    if (halted) return 0;
    const legacyWhole = await legacyTrailWhole(sql, key);
    // Said once: the trail before the key stays as it is until someone looks and restarts the API.
    if (!legacyWhole) halted = true;
    return sql.begin(async (tx) => {
      const state = await lockSealState(tx, { skipLocked: true });
      if (!state) return 0;
      if (seen !== null && !(await stillThere(tx, state, seen))) {
        halted = true;
        console.error(
          `[api] audit trail: event #${seen.seq}, sealed before, is no longer as sealed (or the seals were set back): ` +
            "someone changed the trail without the key; this process seals nothing more until it is restarted",
        );
        return 0;
      }
      const sealed = await sealWithin(tx, key, state, legacyWhole);
      if (state.cutover_seq !== null && state.sealed_mac !== null) {
        seen = { seq: state.sealed_seq, mac: hex(state.sealed_mac) };
      }
      return sealed;
    });
  };
}

/** Whether the seal this process saw last is still in the trail (or behind the anchor a purge moved). */
async function stillThere(tx: Queries, state: SealState, seen: { seq: number; mac: string }): Promise<boolean> {
  if (state.cutover_seq === null || state.sealed_seq < seen.seq) return false;
  const head = await chainHead(tx);
  if (seen.seq < head.anchor_seq) return true;
  if (seen.seq === head.anchor_seq) return state.anchor_mac !== null && hex(state.anchor_mac) === seen.mac;
  const stored = await eventMac(tx, seen.seq);
  return stored !== null && hex(stored) === seen.mac;
}

/** One round of sealing by a process that remembers nothing (a fresh start, a command). */
export function sealAuditTrail(sql: Sql, key: Uint8Array): Promise<number> {
  return auditSealer(sql, key)();
}

/** In an API process: seals the trail every `everyMs` (two seconds). */
export function scheduleAuditSealing(
  sql: Sql,
  key: Uint8Array,
  { firstAfterMs = 1000, everyMs = 2000 }: Partial<Schedule> = {},
): () => Promise<void> {
  const seal = auditSealer(sql, key);
  return scheduleEvery("the audit trail's sealing", seal, { firstAfterMs, everyMs });
}

/** The chain's newest hash (hex) and its number, for the backup manifest. */
export async function auditChainHead(sql: Sql): Promise<string> {
  const head = await chainHead(sql);
  return `${head.last_seq}:${hex(head.last_hash)}`;
}

/**
 * One CSV cell per RFC 4180: always quoted, a quote doubled; a leading = + - @, tab or carriage
 * return gets an apostrophe first, so a spreadsheet shows the cell as text, not as a formula. So
 * does one right after a comma or semicolon inside: opened with the other delimiter, a cell starts
 * there.
 */
export function csvCell(value: string): string {
  const text = value.replace(/(^|[,;])(?=[=+\-@\t\r])/g, "$1'");
  return `"${text.replaceAll('"', '""')}"`;
}

function changesText(event: AuditEvent): string {
  if (!event.changes) return "";
  return Object.entries(event.changes)
    .map(([field, change]) => auditChangeLine(event.object_type, field, change))
    .join(", ");
}

const csvColumns = [
  auditMessages.columnTime,
  auditMessages.columnActor,
  auditMessages.columnAddress,
  auditMessages.columnAction,
  auditMessages.columnObject,
  auditMessages.filterObjectId,
  auditMessages.columnFields,
  auditMessages.columnChanges,
];

export function auditCsvRow(event: AuditEvent): string {
  return [
    formatDateTime(event.occurred_at),
    event.actor_name,
    event.client_address ?? "",
    auditActions[event.action]?.label ?? event.action,
    event.object_type ? auditObjectTypes[event.object_type] : "",
    event.object_id ?? "",
    event.fields.map((field) => auditFieldLabel(event.object_type, field)).join(", "),
    changesText(event),
  ]
    .map(csvCell)
    .join(";");
}

/**
 * The filtered events as CSV for German Excel: UTF-8 with a byte order mark, `;` between cells,
 * CRLF line ends, newest first; streamed a page at a time, so a large export holds one page in memory.
 */
export function auditCsv(sql: Sql, filter: AuditFilter, pageSize = 1000): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let before: number | null = null;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvColumns.map(csvCell).join(";")}\r\n`));
      }
      const page = await listAuditEvents(sql, filter, { before, limit: pageSize });
      if (page.events.length > 0) {
        controller.enqueue(encoder.encode(page.events.map((event) => `${auditCsvRow(event)}\r\n`).join("")));
      }
      if (page.next === null) controller.close();
      before = page.next;
    },
  });
}

/** The advisory lock's name: one purge at a time in a deployment. */
export const auditPurgeLock = "klarwerk.audit-purge";

/** What the purge needs of the configuration: the periods and the key. */
export type PurgeConfig = Pick<ResolvedConfig, "auditRetentionYears" | "jwtSecret" | "auditKey">;

/**
 * Empties every event past its class's period and seals what it did with the key, in one
 * transaction holding the seal's row and the chain head: the trail is sealed up to now first, a
 * tombstone no purge sealed stops it (someone emptied an event without the key: verify names it),
 * then audit_purge runs, each new tombstone gets its seal and a moved anchor its own. The number
 * purged, or null when today's purge already ran.
 */
async function purgeAndSeal(sql: Sql, config: PurgeConfig, today: string): Promise<number | null> {
  const key = auditChainKey(config);
  const legacyWhole = await legacyTrailWhole(sql, key);
  return sql.begin(async (tx) => {
    const state = await lockSealState(tx, { skipLocked: false });
    if (!state) throw new Error("audit_seal has no row (migration 029)");
    if (!(await purgeDue(tx, today))) return null;
    await sealWithin(tx, key, state, legacyWhole);
    const keyed = state.cutover_seq !== null;
    const before = await chainHead(tx);
    if (keyed) {
      const [stray] = await unsealedTombstones(tx, before.anchor_seq);
      if (stray)
        throw new Error(`audit trail: event #${stray.seq} was emptied without the key; no purge until it is explained`);
    }
    const purged = await purgeExpired(tx, retentionPeriods(config), today);
    if (!keyed) return purged;
    const after = await chainHead(tx);
    const tombstones = await unsealedTombstones(tx, after.anchor_seq);
    await storePurgeMacs(
      tx,
      tombstones.map((t) => ({ seq: t.seq, mac: hex(sealOf.purged(key, t.seq, t.hash)) })),
    );
    if (after.anchor_seq !== before.anchor_seq) {
      const moved = await sealState(tx);
      if (moved.anchor_mac === null)
        throw new Error(`audit trail: the new anchor #${after.anchor_seq} was never sealed`);
      state.anchor_mac = moved.anchor_mac;
      state.anchor_seal = sealOf.anchor(key, after.anchor_seq, after.anchor_hash, moved.anchor_mac);
      await saveSealState(tx, state);
    }
    return purged;
  });
}

/**
 * Today's purge, once per deployment: under the advisory lock, and only when the chain head says
 * it has not run today (Germany's date). `busy` when another process holds the lock.
 */
export async function runAuditPurge(
  sql: Sql,
  config: PurgeConfig,
  today: string = todayInGermany(),
): Promise<number | null | "busy"> {
  const outcome = await whileLocked(sql, auditPurgeLock, () => purgeAndSeal(sql, config, today));
  return outcome.locked ? outcome.value : "busy";
}

/** In an API process: looks every hour (a minute after start first) whether today's purge is due. */
export function scheduleAuditPurge(
  sql: Sql,
  config: PurgeConfig,
  { firstAfterMs = 60_000, everyMs = 60 * 60_000 }: Partial<Schedule> = {},
): () => Promise<void> {
  return scheduleEvery(
    "the audit trail's purge",
    async () => {
      const purged = await runAuditPurge(sql, config);
      if (typeof purged === "number") console.log(`[api] audit trail: ${purged} events past their retention emptied`);
    },
    { firstAfterMs, everyMs },
  );
}
