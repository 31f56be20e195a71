import { type AuditAction, type AuditActorKind, type AuditChange, auditActions } from "@klarwerk/kit";
import type postgres from "postgres";
import type { Queries } from "./open.ts";

/**
 * How an event enters the audit trail: the one write every layer above may make (the auth guard,
 * sessions, the mail outbox, every module, backups). It sits below them so that they need not
 * reach up into the audit module, which builds its reading, verifying and purging on this.
 * Rows arrive through audit_append (migration 019), which stages them; each is linked into the
 * one chain per deployment when its transaction commits (migration 024).
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
