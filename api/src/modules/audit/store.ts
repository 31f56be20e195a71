import type { AuditChange, AuditEvent, AuditFilter, AuditPage, AuditRetentionClass } from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";

/**
 * Every statement on audit_events and audit_chain (migration 019) but the append, which lives
 * below every layer that records events (db/audit-append.ts). The table is append-only: it
 * changes only through audit_purge.
 */

/**
 * The fields among `keys` whose values differ between `before` and `after` (compared as JSON),
 * and, with `withValues`, each one's values: what an event about a change records.
 */
export function changedFields<T extends object>(
  before: T | null,
  after: T,
  keys: readonly (keyof T & string)[],
  { withValues = false }: { withValues?: boolean } = {},
): { fields: string[]; changes: Record<string, AuditChange> | null } {
  const fields: string[] = [];
  const changes: Record<string, AuditChange> = {};
  for (const key of keys) {
    const old = before === null ? null : (before[key] ?? null);
    const now = after[key] ?? null;
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    fields.push(key);
    changes[key] = { before: old, after: now };
  }
  return { fields, changes: withValues ? changes : null };
}

interface EventRow extends Omit<AuditEvent, "occurred_at"> {
  occurred_at: Date;
}

const eventColumns = (sql: Queries) =>
  sql`seq, occurred_at, actor_kind, actor_id, actor_name, client_address, action, object_type, object_id, fields, changes`;

/** Germany's calendar days: what the screen's date range means. */
const zone = "Europe/Berlin";

function filtersOf(sql: Queries, filter: AuditFilter) {
  return sql`
    ${filter.actor_id === undefined ? sql`` : sql`and actor_id = ${filter.actor_id} and actor_kind = 'user'`}
    ${filter.action === undefined ? sql`` : sql`and action = ${filter.action}`}
    ${filter.object_type === undefined ? sql`` : sql`and object_type = ${filter.object_type}`}
    ${filter.object_id === undefined ? sql`` : sql`and object_id = ${filter.object_id}`}
    ${filter.from === undefined ? sql`` : sql`and occurred_at >= (${filter.from}::date)::timestamp at time zone ${zone}`}
    ${filter.to === undefined ? sql`` : sql`and occurred_at < (${filter.to}::date + 1)::timestamp at time zone ${zone}`}`;
}

function toEvent(row: EventRow): AuditEvent {
  return { ...row, occurred_at: row.occurred_at.toISOString() };
}

/**
 * One page, newest first, of the events matching `filter` with a sequence number below `before`
 * (keyset paging: each page reads about as many index entries as it shows, however deep).
 */
export async function listAuditEvents(
  sql: Queries,
  filter: AuditFilter,
  { before, limit }: { before: number | null; limit: number },
): Promise<AuditPage> {
  const rows = await sql<EventRow[]>`
    select ${eventColumns(sql)} from audit_events
    where purged_at is null ${before === null ? sql`` : sql`and seq < ${before}`} ${filtersOf(sql, filter)}
    order by seq desc
    limit ${limit + 1}`;
  const events = rows.slice(0, limit).map(toEvent);
  const last = events.at(-1);
  return { events, next: rows.length > limit && last ? last.seq : null };
}

/** One link of the chain as audit-verify reads it, oldest first. */
export interface ChainLink {
  seq: number;
  occurred_at: Date;
  prev_hash: Uint8Array;
  hash: Uint8Array;
  /** HMAC under the audit key (null until the API sealed it). */
  mac: Uint8Array | null;
  /** A tombstone's HMAC, written by the purge that emptied it. */
  purge_mac: Uint8Array | null;
  tombstone: boolean;
  /** Whether the stored hash is the hash of the row's content now (true for a tombstone: it has none). */
  content_matches: boolean;
  /** A tombstone whose class's period had not ended when it was emptied. */
  purged_early: boolean;
}

export type RetentionPeriods = Record<AuditRetentionClass, string>;

/**
 * Up to `limit` links after `afterSeq`, each with its hash recomputed as audit_canonical and
 * audit_hash (migration 019) compute it, but from the built-in functions alone: the schema's own
 * functions belong to the database's role, which could make audit_hash() answer the stored hash.
 * Run it in `withBuiltinsOnly`.
 */
export async function chainLinks(
  sql: Queries,
  { afterSeq, limit, periods }: { afterSeq: number; limit: number; periods: RetentionPeriods | null },
): Promise<ChainLink[]> {
  const early = periods
    ? sql`e.purged_at < e.occurred_at + case e.retention_class
        when 'books' then ${periods.books}::interval when 'security' then ${periods.security}::interval
        else ${periods.other}::interval end`
    : sql`false`;
  return sql<ChainLink[]>`
    select e.seq, e.occurred_at, e.prev_hash, e.hash, e.mac, e.purge_mac, e.purged_at is not null as tombstone,
      (e.purged_at is not null or e.hash = pg_catalog.sha256(e.prev_hash || pg_catalog.convert_to(
        pg_catalog.jsonb_build_array(
          e.seq,
          pg_catalog.to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
          e.retention_class, e.actor_kind, e.actor_id, e.actor_name, e.client_address, e.action,
          e.object_type, e.object_id, pg_catalog.to_jsonb(e.fields), e.changes
        )::text, 'UTF8'))) as content_matches,
      (e.purged_at is not null and ${early}) as purged_early
    from public.audit_events e
    where e.seq > ${afterSeq}
    order by e.seq
    limit ${limit}`;
}

/**
 * Runs `work` in a read-only transaction whose search path holds only the built-in catalog: no
 * function or operator of the schema (the database role's to redefine) can stand in for one.
 */
export async function withBuiltinsOnly<T>(sql: Sql, work: (tx: Queries) => Promise<T>): Promise<T> {
  return (await sql.begin(async (tx) => {
    await tx`select pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true)`;
    return work(tx);
  })) as T;
}

export interface ChainHead {
  last_seq: number;
  last_hash: Uint8Array;
  anchor_seq: number;
  anchor_hash: Uint8Array;
  last_purge_on: string | null;
}

export async function chainHead(sql: Queries): Promise<ChainHead> {
  const [row] = await sql<ChainHead[]>`
    select last_seq, last_hash, anchor_seq, anchor_hash, last_purge_on::text from public.audit_chain`;
  if (!row) throw new Error("audit_chain has no row (migration 019)");
  return row;
}

/** How far the API sealed the chain (migration 029). */
export interface SealState {
  sealed_seq: number;
  sealed_mac: Uint8Array | null;
  cutover_seq: number | null;
  cutover_mac: Uint8Array | null;
  anchor_mac: Uint8Array | null;
  anchor_seal: Uint8Array | null;
}

const sealColumns = (sql: Queries) => sql`sealed_seq, sealed_mac, cutover_seq, cutover_mac, anchor_mac, anchor_seal`;

export async function sealState(sql: Queries): Promise<SealState> {
  const [row] = await sql<SealState[]>`select ${sealColumns(sql)} from public.audit_seal`;
  if (!row) throw new Error("audit_seal has no row (migration 029)");
  return row;
}

/** The seal's row, locked until the transaction ends; null when another process holds it (`skipLocked`). */
export async function lockSealState(sql: Queries, { skipLocked }: { skipLocked: boolean }): Promise<SealState | null> {
  const [row] = await sql<SealState[]>`
    select ${sealColumns(sql)} from audit_seal for update ${skipLocked ? sql`skip locked` : sql``}`;
  return row ?? null;
}

export async function saveSealState(sql: Queries, state: SealState): Promise<void> {
  await sql`update audit_seal set sealed_seq = ${state.sealed_seq}, sealed_mac = ${state.sealed_mac},
    cutover_seq = ${state.cutover_seq}, cutover_mac = ${state.cutover_mac},
    anchor_mac = ${state.anchor_mac}, anchor_seal = ${state.anchor_seal}`;
}

/** The events after `afterSeq` that sealing reads, oldest first. */
export async function eventsToSeal(
  sql: Queries,
  afterSeq: number,
  limit: number,
): Promise<{ seq: number; prev_hash: Uint8Array; hash: Uint8Array }[]> {
  return sql`select seq, prev_hash, hash from audit_events where seq > ${afterSeq} order by seq limit ${limit}`;
}

/** The stored hash of event `seq` (null when there is none). */
export async function eventHash(sql: Queries, seq: number): Promise<Uint8Array | null> {
  const [row] = await sql<{ hash: Uint8Array }[]>`select hash from audit_events where seq = ${seq}`;
  return row?.hash ?? null;
}

/** The seal of event `seq` (null when there is none, or it is unsealed). */
export async function eventMac(sql: Queries, seq: number): Promise<Uint8Array | null> {
  const [row] = await sql<{ mac: Uint8Array | null }[]>`select mac from audit_events where seq = ${seq}`;
  return row?.mac ?? null;
}

/** Sets each event's mac (hex), once: the trigger lets an unsealed event be sealed and nothing else. */
export async function storeMacs(sql: Queries, macs: { seq: number; mac: string }[]): Promise<void> {
  if (macs.length === 0) return;
  await sql`update audit_events set mac = decode(v.mac, 'hex')
    from unnest(${macs.map((m) => m.seq)}::bigint[], ${macs.map((m) => m.mac)}::text[]) as v(seq, mac)
    where audit_events.seq = v.seq and audit_events.mac is null`;
}

/** Tombstones after `afterSeq` that no purge with the key has sealed. */
export async function unsealedTombstones(sql: Queries, afterSeq: number): Promise<{ seq: number; hash: Uint8Array }[]> {
  return sql`select seq, hash from audit_events
    where seq > ${afterSeq} and purged_at is not null and purge_mac is null order by seq`;
}

/** Empties every event past its class's period (audit_purge, migration 029); the number emptied. */
export async function purgeExpired(sql: Queries, periods: RetentionPeriods, today: string): Promise<number> {
  const [row] = await sql<{ purged: number }[]>`
    select audit_purge(${periods.books}::interval, ${periods.security}::interval, ${periods.other}::interval, ${today}::date) as purged`;
  return row?.purged ?? 0;
}

/** Whether today's purge is still due (Germany's date); locks the chain head until the transaction ends. */
export async function purgeDue(sql: Queries, today: string): Promise<boolean> {
  const [head] = await sql<{ due: boolean }[]>`
    select last_purge_on is distinct from ${today}::date as due from audit_chain for update`;
  return head?.due ?? false;
}

/** Sets the purge's tombstones' macs (hex); the purge's flag must be on in this transaction. */
export async function storePurgeMacs(sql: Queries, macs: { seq: number; mac: string }[]): Promise<void> {
  if (macs.length === 0) return;
  await sql`select set_config('klarwerk.audit_purge', 'on', true)`;
  await sql`update audit_events set purge_mac = decode(v.mac, 'hex')
    from unnest(${macs.map((m) => m.seq)}::bigint[], ${macs.map((m) => m.mac)}::text[]) as v(seq, mac)
    where audit_events.seq = v.seq`;
}

/** Runs `work` in a transaction: `sql`'s own when it is one, a new one otherwise. */
export async function withinTransaction<T>(sql: Queries, work: (tx: Queries) => Promise<T>): Promise<T> {
  return "begin" in sql ? ((await sql.begin((tx) => work(tx))) as T) : work(sql);
}

/** Columns that change with every write and say nothing about what changed. */
const bookkeepingColumns = new Set(["updated_at", "updated_by", "updated_by_name"]);

/** A row as JSON (what an event compares before and after a change to a book entry); null when there is none. */
export async function rowSnapshot(sql: Queries, table: string, id: number): Promise<Record<string, unknown> | null> {
  const [row] = await sql<{ row: Record<string, unknown> }[]>`
    select to_jsonb(t) as row from ${sql(table)} t where id = ${id}`;
  return row?.row ?? null;
}

/** The fields that differ between two snapshots (`before` null: every field set), with their values. */
export function snapshotChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { fields: string[]; changes: Record<string, AuditChange> } {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
    .filter((key) => !bookkeepingColumns.has(key))
    .sort();
  const fields: string[] = [];
  const changes: Record<string, AuditChange> = {};
  for (const key of keys) {
    const old = before?.[key] ?? null;
    const now = after?.[key] ?? null;
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    fields.push(key);
    changes[key] = { before: old, after: now };
  }
  return { fields, changes };
}
