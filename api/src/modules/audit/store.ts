import {
  type AuditAction,
  type AuditActorKind,
  type AuditChange,
  type AuditEvent,
  type AuditFilter,
  type AuditPage,
  type AuditRetentionClass,
  auditActions,
} from "@klarwerk/kit";
import type postgres from "postgres";
import type { Queries, Sql } from "../../db/open.ts";

/**
 * Every statement on audit_events and audit_chain (migration 019). The table is append-only: rows
 * arrive through audit_append, which stages them; each is linked into the one chain per deployment
 * when its transaction commits (migration 024), and changes only through audit_purge.
 */

/** Who acted, as the route saw it: passed from the route into the function that changes data. */
export interface AuditActor {
  kind: AuditActorKind;
  /** The account's id, or the deploy key's; null for a visitor or the system. */
  id: number | null;
  /** The account's or key's name at that moment, "Besucher" or "System". */
  name: string;
  /** The client's address (the socket's peer, or X-Forwarded-For from a trusted proxy); null for the system. */
  address: string | null;
}

/** What one event says; its object type and retention class follow from the action (the kit's list). */
export interface AuditEventInput {
  action: AuditAction;
  objectId?: string | number | null;
  /** The names of the changed fields. */
  fields?: readonly string[];
  /**
   * Before and after, only for books (invoices, payments, company settings), accounts' role and
   * status, and releases and their rollout (versions and shares).
   */
  changes?: Record<string, AuditChange> | null;
}

/**
 * Records one event; the database links it into the chain when the transaction commits (migration
 * 024), so the event exists exactly when the change does and the chain's head is locked only
 * during the commit. Call it inside the transaction that makes the change; with `sql` outside a
 * transaction (a refused sign-in changes nothing) it is a statement of its own.
 */
export async function recordAuditEvent(sql: Queries, actor: AuditActor, event: AuditEventInput): Promise<void> {
  const spec = specOf(event);
  await sql`select audit_append(
      ${spec.retention}, ${actor.kind}, ${actor.id}, ${actor.name}, ${actor.address}, ${event.action},
      ${spec.object}, ${objectIdOf(event)}::text,
      array(select jsonb_array_elements_text(${JSON.stringify(event.fields ?? [])}::text::jsonb)),
      ${changesOf(event)}::text::jsonb
    )`;
}

/** The action's object type and retention class (the kit's list). */
function specOf(event: AuditEventInput): (typeof auditActions)[AuditAction] {
  const spec = auditActions[event.action];
  if (!spec) throw new Error(`unknown audit action ${event.action}`);
  return spec;
}

function objectIdOf(event: AuditEventInput): string | null {
  return event.objectId === undefined || event.objectId === null ? null : String(event.objectId);
}

/** As text, cast in the statement: postgres.js would encode a string given as jsonb again. */
function changesOf(event: AuditEventInput): string | null {
  return event.changes ? JSON.stringify(event.changes) : null;
}

/**
 * Several events staged as a part of the statement that makes the changes, in their order, each
 * with its own actor (a batch of customers' creates, each by its own caller), so that changes
 * made by one statement need no transaction of their own around it (the creates' row lock on
 * the counts is then held only inside the commit). `objectIdsOf` is a text[] expression of that
 * statement with one object id per event, in the events' order, for objects the statement itself
 * makes. The expression's value is the number of events staged: the statement must read it (a
 * CTE nothing refers to is not run).
 */
export function auditEventsStaging(
  sql: Queries,
  events: readonly { actor: AuditActor; event: AuditEventInput }[],
  objectIdsOf?: postgres.PendingQuery<postgres.Row[]>,
): postgres.PendingQuery<postgres.Row[]> {
  const specs = events.map(({ event }) => specOf(event));
  const actors = events.map(({ actor }) => actor);
  const inputs = events.map(({ event }) => event);
  const objectId = objectIdsOf ? sql`(${objectIdsOf})[e.ord]` : sql`e.object_id`;
  return sql`(select count(audit_append(
      e.retention_class, e.actor_kind, e.actor_id, e.actor_name, e.client_address, e.action,
      e.object_type, ${objectId}, array(select jsonb_array_elements_text(e.fields::jsonb)), e.changes::jsonb
    )) from unnest(
      ${specs.map((spec) => spec.retention)}::text[], ${actors.map((actor) => actor.kind)}::text[],
      ${actors.map((actor) => actor.id)}::int[], ${actors.map((actor) => actor.name)}::text[],
      ${actors.map((actor) => actor.address)}::text[], ${inputs.map((event) => event.action)}::text[],
      ${specs.map((spec) => spec.object)}::text[], ${inputs.map(objectIdOf)}::text[],
      ${inputs.map((event) => JSON.stringify(event.fields ?? []))}::text[], ${inputs.map(changesOf)}::text[]
    ) with ordinality as e(
      retention_class, actor_kind, actor_id, actor_name, client_address, action, object_type, object_id, fields,
      changes, ord
    ))`;
}

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
  /** Whether the stored hash is the hash of the row's content now (true for a tombstone: it has none). */
  content_matches: boolean;
  /** A tombstone whose class's period had not ended when it was emptied. */
  purged_early: boolean;
}

export type RetentionPeriods = Record<AuditRetentionClass, string>;

/** Up to `limit` links after `afterSeq`, each with its own hash recomputed by the database. */
export async function chainLinks(
  sql: Sql,
  { afterSeq, limit, periods }: { afterSeq: number; limit: number; periods: RetentionPeriods },
): Promise<ChainLink[]> {
  return sql<ChainLink[]>`
    select seq, occurred_at, prev_hash, hash,
      (purged_at is not null or hash = audit_hash(e)) as content_matches,
      (purged_at is not null and purged_at < occurred_at + case retention_class
        when 'books' then ${periods.books}::interval when 'security' then ${periods.security}::interval
        else ${periods.other}::interval end) as purged_early
    from audit_events e
    where seq > ${afterSeq}
    order by seq
    limit ${limit}`;
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
    select last_seq, last_hash, anchor_seq, anchor_hash, last_purge_on::text from audit_chain`;
  if (!row) throw new Error("audit_chain has no row (migration 019)");
  return row;
}

/**
 * Empties every event past its class's period, once per Germany's day and deployment (the purge
 * records the day; a second call that day does nothing); the number purged, or null when today's
 * purge already ran. The purge is itself an event.
 */
export async function purgeExpiredEvents(sql: Sql, periods: RetentionPeriods, today: string): Promise<number | null> {
  return sql.begin(async (tx) => {
    const [head] = await tx<{ due: boolean }[]>`
      select last_purge_on is distinct from ${today}::date as due from audit_chain for update`;
    if (!head?.due) return null;
    const [row] = await tx<{ purged: number }[]>`
      select audit_purge(${periods.books}::interval, ${periods.security}::interval, ${periods.other}::interval, ${today}::date) as purged`;
    return row?.purged ?? 0;
  });
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
