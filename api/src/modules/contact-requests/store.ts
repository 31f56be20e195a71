import {
  type ContactRequest,
  type ContactRequestCounts,
  type ContactRequestDetail,
  type ContactRequestReply,
  checkCustomer,
  type DoneContactRequest,
  type MarkedDoneAnswer,
  type OpenRequestsPage,
  type RequestCustomer,
  requestCustomerMessages,
} from "@klarwerk/kit";
import type { ChangeFeed } from "../../db/change-feed.ts";
import type { Queries, Sql, Transaction } from "../../db/open.ts";
import type { Row } from "../../db/rows.ts";
import { TableCache } from "../../db/table-cache.ts";
import { HttpError } from "../../http/errors.ts";
import { type AuditActor, recordAuditEvent, withinTransaction } from "../audit/index.ts";
import { createCustomers, customersWithEmail, lockedCustomerName } from "../customers/index.ts";
import type { ContactRequestInput } from "./model.ts";

// Every statement on contact_requests: the contact form inserts, the dashboard lists and marks
// done; the privacy module's retention job deletes answered ones.

/** Stores a request from the contact form as open (in the caller's transaction, with its mail). */
/** Stores a request; returns its id (the mails about it name it, and go with it). */
export async function insertContactRequest(
  sql: Queries,
  request: ContactRequestInput,
  actor: AuditActor,
): Promise<number> {
  return withinTransaction(sql, async (tx) => {
    const id = await insertContactRequestRow(tx, request);
    await recordAuditEvent(tx, actor, { action: "contact_request.received", objectId: id });
    return id;
  });
}

async function insertContactRequestRow(sql: Queries, request: ContactRequestInput): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into contact_requests (name, email, company, message)
    values (${request.name}, ${request.email}, ${request.company}, ${request.message})
    returning id`;
  if (!row) throw new Error("the contact request was not stored");
  return row.id;
}

type RequestRow = Row<Omit<ContactRequest, "customer">> & { customer_id: number | null; customer_name: string | null };

function toContactRequest(row: RequestRow): ContactRequest {
  const { id, name, email, company, message, created_at, is_done, customer_id, customer_name } = row;
  const customer = customer_id !== null ? { id: customer_id, name: customer_name ?? "" } : null;
  return { id, name, email, company, message, created_at: created_at.toISOString(), is_done, customer };
}

/** The linked customer's id and name beside a request's columns (`r` is contact_requests). */
const customerColumns = `
  r.customer_id::int as customer_id,
  (select c.name from customers c where c.id = r.customer_id) as customer_name`;

/** A page row with the counts beside it; `id` is null when there is no open request at all. */
type OpenPageRow = { open_count: number; done_count: number } & (RequestRow | { [K in keyof RequestRow]: null });

/**
 * One page of open requests, newest first, with the counts, in ONE statement: the list and the
 * counters come from the same snapshot, so they never contradict each other. Paging is by key
 * (the request to continue after), which stays fast however deep and never skips or repeats a
 * request when others are marked done or arrive in between. One row more than the page is read
 * to tell whether another page follows.
 */
export async function listOpenRequests(
  sql: Sql,
  { limit, before }: { limit: number; before: number | null },
): Promise<OpenRequestsPage> {
  const after =
    before === null
      ? sql``
      : sql`and (r.created_at, r.id) < (select created_at, id from contact_requests where id = ${before})`;
  const rows = await sql<OpenPageRow[]>`
    select counts.open as open_count, counts.done as done_count, page.*
    from contact_request_counts counts
    left join lateral (
      select r.id, r.name, r.email, r.company, r.message, r.created_at, r.is_done, ${sql.unsafe(customerColumns)}
      from contact_requests r
      where not r.is_done ${after}
      order by r.created_at desc, r.id desc
      limit ${limit + 1}
    ) page on true`;
  const [first] = rows;
  if (!first) throw new Error("contact_request_counts has no row");
  const requests = rows.flatMap((row) => (row.id === null ? [] : [toContactRequest(row)])).slice(0, limit);
  const last = requests.at(-1);
  return {
    requests,
    counts: { open: first.open_count, done: first.done_count },
    next: rows.length > limit && last ? last.id : null,
  };
}

/**
 * The dashboard's pages of open requests, kept in memory as their JSON text (serialised once per
 * change, not per call) until contact_requests changes (staff open the dashboard far more often
 * than requests arrive or are answered). A process that changes them calls `changed()` after the
 * commit, so its next list shows the change at once; the others hear the NOTIFY (migration 021).
 */
export function keptOpenRequests(sql: Sql, changes: ChangeFeed | null) {
  const pages = new TableCache<string>(changes, {
    name: "open requests",
    // A linked customer's new name shows in the list too.
    tables: ["contact_requests", "customers"],
    maxEntries: 200,
  });
  return {
    list: (query: { limit: number; before: number | null }) =>
      pages.get(JSON.stringify([query.limit, query.before]), async () =>
        JSON.stringify(await listOpenRequests(sql, query)),
      ),
    changed: () => changes?.changed("contact_requests"),
  };
}

export type MarkDoneResult =
  | { outcome: "done"; answer: MarkedDoneAnswer }
  | { outcome: "not-found" }
  | { outcome: "already-done" };

interface DoneRow extends RequestRow {
  done_at: Date;
  done_by: number | null;
  done_by_name: string | null;
}

function toDoneContactRequest(row: DoneRow): DoneContactRequest {
  return {
    ...toContactRequest(row),
    is_done: true,
    done_at: row.done_at.toISOString(),
    // The name stays when the account is deleted (its id becomes null).
    done_by: row.done_by_name !== null ? { id: row.done_by, name: row.done_by_name } : null,
  };
}

/**
 * Open → done, once. The `not is_done` condition makes the update its own guard: when two users
 * mark the same request at once, the second update waits for the first one's row lock, then finds
 * the row done and changes nothing. Nothing turns a done request open again.
 */
export async function markRequestDone(
  sql: Sql,
  id: number,
  user: { id: number; name: string },
  actor: AuditActor,
): Promise<MarkDoneResult> {
  return sql.begin(async (tx) => {
    const [marked] = await tx<DoneRow[]>`
      update contact_requests r
      set is_done = true, done_at = now(), done_by = ${user.id}, done_by_name = ${user.name}
      where r.id = ${id} and not r.is_done
      returning r.id, r.name, r.email, r.company, r.message, r.created_at, r.is_done, r.done_at, r.done_by,
        r.done_by_name, ${tx.unsafe(customerColumns)}`;
    if (!marked) {
      const [existing] = await tx`select 1 from contact_requests where id = ${id}`;
      return existing ? { outcome: "already-done" } : { outcome: "not-found" };
    }
    await recordAuditEvent(tx, actor, { action: "contact_request.done", objectId: id, fields: ["is_done"] });
    // Read after the update: the counting trigger has run at the end of that statement.
    const [counts] = await tx<ContactRequestCounts[]>`select open, done from contact_request_counts`;
    if (!counts) throw new Error("contact_request_counts has no row");
    return { outcome: "done", answer: { request: toDoneContactRequest(marked), counts } };
  });
}

interface DetailRow extends RequestRow {
  done_at: Date | null;
  done_by: number | null;
  done_by_name: string | null;
}

interface ReplyRow {
  id: number;
  message: string;
  sent_by: number | null;
  sent_by_name: string;
  created_at: Date;
}

function toReply(row: ReplyRow): ContactRequestReply {
  return {
    id: row.id,
    message: row.message,
    sent_by: { id: row.sent_by, name: row.sent_by_name },
    created_at: row.created_at.toISOString(),
  };
}

/** One request with who marked it done and every reply, oldest first; null when there is none. */
export async function findRequestDetail(sql: Queries, id: number): Promise<ContactRequestDetail | null> {
  const [row] = await sql<DetailRow[]>`
    select r.id, r.name, r.email, r.company, r.message, r.created_at, r.is_done, r.done_at, r.done_by, r.done_by_name,
      c.id::int as customer_id, c.name as customer_name
    from contact_requests r left join customers c on c.id = r.customer_id
    where r.id = ${id}`;
  if (!row) return null;
  const request = toContactRequest(row);
  const matches = request.customer === null ? await customersWithEmail(sql, row.email) : [];
  const replies = await sql<ReplyRow[]>`
    select id, message, sent_by, sent_by_name, created_at
    from contact_request_replies where request_id = ${id}
    order by created_at, id`;
  return {
    ...request,
    done_at: row.done_at?.toISOString() ?? null,
    done_by: row.done_by_name !== null ? { id: row.done_by, name: row.done_by_name } : null,
    replies: replies.map(toReply),
    customer_matches: matches,
  };
}

/** What a reply is written against: the request as the visitor sent it, locked until the reply commits. */
export interface RepliedRequest {
  name: string;
  email: string;
  message: string;
  created_at: Date;
}

/**
 * Stores a reply by `user` and marks the request done if it was open, in the caller's
 * transaction (which also writes the mail to the visitor). Null when the request does not exist.
 */
export async function insertReply(
  tx: Transaction,
  { requestId, message, user }: { requestId: number; message: string; user: { id: number; name: string } },
  actor: AuditActor,
): Promise<RepliedRequest | null> {
  const [request] = await tx<RepliedRequest[]>`
    select name, email, message, created_at from contact_requests where id = ${requestId} for update`;
  if (!request) return null;
  await tx`
    insert into contact_request_replies (request_id, message, sent_by, sent_by_name)
    values (${requestId}, ${message}, ${user.id}, ${user.name})`;
  await tx`
    update contact_requests set is_done = true, done_at = now(), done_by = ${user.id}, done_by_name = ${user.name}
    where id = ${requestId} and not is_done`;
  await recordAuditEvent(tx, actor, { action: "contact_request.replied", objectId: requestId, fields: ["replies"] });
  return request;
}

/** The open and done counts, as the triggers keep them. */
export async function requestCounts(sql: Queries): Promise<ContactRequestCounts> {
  const [counts] = await sql<ContactRequestCounts[]>`select open, done from contact_request_counts`;
  if (!counts) throw new Error("contact_request_counts has no row");
  return counts;
}

/** What a takeover did: the customer, and whether it is new. */
export interface TakeOver {
  customer: RequestCustomer;
  created: boolean;
}

/**
 * „Als Kunde übernehmen“ in the caller's transaction, the request locked until it commits (a
 * second takeover of it waits, then finds the link: 409). With `customerId` the request is linked
 * to that customer (404 without it); without, a new customer is made from the request's name and
 * e-mail through the customer list's own create (its `customer.created` event in the same
 * statement), unless customers with that e-mail exist: then 409 `customer-exists` with them, and
 * nothing is created. Takeovers of requests from one address take turns (an advisory lock on
 * it), so two at once cannot both create. Null: no such request.
 */
export async function takeOverRequest(
  tx: Transaction,
  {
    requestId,
    customerId,
    editor,
  }: { requestId: number; customerId: number | null; editor: { id: number; name: string } },
  actor: AuditActor,
): Promise<TakeOver | null> {
  const [request] = await tx<{ name: string; email: string; customer_id: number | null }[]>`
    select name, email, customer_id::int as customer_id from contact_requests where id = ${requestId} for update`;
  if (!request) return null;
  if (request.customer_id !== null) {
    const [linked] = await tx<{ name: string }[]>`select name from customers where id = ${request.customer_id}`;
    throw new HttpError(409, "contact-request-taken-over", requestCustomerMessages.takenOver(linked?.name ?? ""));
  }
  if (customerId !== null) {
    const name = await lockedCustomerName(tx, customerId);
    if (name === null) throw new HttpError(404, "customer-not-found", requestCustomerMessages.customerNotFound);
    await tx`update contact_requests set customer_id = ${customerId} where id = ${requestId}`;
    await recordAuditEvent(tx, actor, {
      action: "contact_request.customer_linked",
      objectId: requestId,
      fields: ["customer_id"],
    });
    return { customer: { id: customerId, name }, created: false };
  }
  await tx`select pg_advisory_xact_lock(hashtext(${`request-customer:${request.email.trim().toLowerCase()}`}))`;
  const matches = await customersWithEmail(tx, request.email);
  if (matches.length > 0)
    throw new HttpError(409, "customer-exists", requestCustomerMessages.customerExists, {}, { matches });
  const check = checkCustomer({ name: request.name, email: request.email.trim() });
  if (!check.ok)
    throw new HttpError(422, "validation", Object.values(check.errors)[0] ?? requestCustomerMessages.customerNotFound);
  const [created] = await createCustomers(tx, [{ customer: check.customer, editor, actor }]);
  if (!created) throw new Error("the customer was not created");
  await tx`update contact_requests set customer_id = ${created.id} where id = ${requestId}`;
  return { customer: { id: created.id, name: created.name }, created: true };
}
