import {
  type OutboxFailure,
  type OutboxMail,
  type OutboxMailKind,
  type OutboxMailState,
  outboxListLimit,
} from "@klarwerk/kit";
import { type AuditActor, recordAuditEvent } from "../db/audit-append.ts";
import type { Queries, Sql } from "../db/open.ts";
import type { ComposedMail, Mailbox } from "./compose.ts";

// Every statement on the outbox table (migration 013). Times are the database's clock: every API
// process claims and retries by the same one.

/** A file sent with a mail (an invoice's PDF, its XRechnung): its bytes are stored with the mail until it is sent. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

/** A document's sending (migration 044): the rows of one sending share `sendingId`. */
export interface MailSending {
  sendingId: string;
  invoiceId: number | null;
  /** A reminder's mail (migration 047): deleted with the reminder. */
  reminderId?: number | null;
  /** A quote's mail (migration 049): deleted with the quote. */
  quoteId?: number | null;
  sentBy: { id: number | null; name: string };
}

/**
 * Writes a mail; call it inside the transaction that causes the mail, so both commit or neither.
 * A mail holding a contact request's personal data (the notice, a reply) names `contactRequestId`:
 * it is deleted with the request (migration 017).
 * `resetUserId`: a reset mail, stored without its link, which is made for this account only when
 * the mail is sent (migration 015).
 * `sending` and `attachments`: a document sent by mail (migration 044); the attachments' bytes are
 * kept until the mail is sent.
 */
export async function enqueueMail(
  tx: Queries,
  mail: ComposedMail,
  {
    contactRequestId = null,
    resetUserId = null,
    sending = null,
    attachments = [],
    precondition = null,
  }: {
    contactRequestId?: number | null;
    resetUserId?: number | null;
    sending?: MailSending | null;
    attachments?: readonly MailAttachment[];
    /** Checked by the worker right before sending (migration 047); a mail it no longer holds for is dropped. */
    precondition?: MailPrecondition | null;
  } = {},
): Promise<void> {
  const [row] = await tx<{ id: number }[]>`
    insert into outbox (kind, to_name, to_address, reply_to_name, reply_to_address, subject, text_body, html_body,
                        contact_request_id, reset_user_id, invoice_id, sending_id, sent_by, sent_by_name,
                        reminder_id, quote_id, precondition)
    values (${mail.kind}, ${mail.to.name}, ${mail.to.address}, ${mail.replyTo?.name ?? null},
            ${mail.replyTo?.address ?? null}, ${mail.subject}, ${mail.text}, ${mail.html}, ${contactRequestId},
            ${resetUserId}, ${sending?.invoiceId ?? null}, ${sending?.sendingId ?? null}, ${sending?.sentBy.id ?? null},
            ${sending?.sentBy.name ?? null}, ${sending?.reminderId ?? null}, ${sending?.quoteId ?? null},
            ${precondition})
    returning id`;
  if (!row) throw new Error("insert into outbox returned no row");
  for (const [position, attachment] of attachments.entries()) {
    const sha256 = new Bun.CryptoHasher("sha256").update(attachment.content).digest("hex");
    await tx`
      insert into outbox_attachments (outbox_id, position, file_name, content_type, size, sha256, content)
      values (${row.id}, ${position}, ${attachment.fileName}, ${attachment.contentType},
              ${attachment.content.byteLength}, ${sha256}, ${Buffer.from(attachment.content)})`;
  }
}

/** What must still hold when a mail is sent: `invoice-open`, its reminder's invoice is open and not cancelled. */
export type MailPrecondition = "invoice-open";

/** A mail a worker has claimed: what it sends, and the claim it must still hold to record the outcome. */
export interface ClaimedMail {
  id: number;
  claimToken: string;
  to: Mailbox;
  replyTo: Mailbox | null;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  /** A reset mail: the account its link is made for at sending; null for every other mail. */
  resetUserId: number | null;
  /** Files sent with it, in order (none for most mails). */
  attachments: MailAttachment[];
  /** What the worker checks right before sending, and the reminder it is about; null for most mails. */
  precondition: { name: MailPrecondition; reminderId: number } | null;
}

interface ClaimedRow {
  id: number;
  claim_token: string;
  to_name: string | null;
  to_address: string;
  reply_to_name: string | null;
  reply_to_address: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  reset_user_id: number | null;
  precondition: MailPrecondition | null;
  reminder_id: number | null;
}

/**
 * Claims up to `limit` due mails for `leaseMs`. `for update skip locked` lets any number of
 * workers claim at once without waiting for each other or taking the same mail; the lease means
 * a worker that dies mid-send leaves its mails due again once the lease runs out.
 */
export async function claimDueMails(sql: Sql, { limit, leaseMs }: { limit: number; leaseMs: number }) {
  const claimed = await sql<ClaimedRow[]>`
    update outbox set
      claimed_until = now() + make_interval(secs => ${leaseMs / 1000}),
      claim_token = gen_random_uuid(),
      attempts = attempts + 1
    where id in (
      select id from outbox
      where state = 'waiting' and next_attempt_at <= now() and (claimed_until is null or claimed_until <= now())
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, claim_token, to_name, to_address, reply_to_name, reply_to_address, subject, text_body,
              html_body, attempts, reset_user_id, precondition, reminder_id`;
  const files =
    claimed.length === 0
      ? []
      : await attachmentsOf(
          sql,
          claimed.map((row) => Number(row.id)),
        );
  return claimed.map(
    (row): ClaimedMail => ({
      id: row.id,
      claimToken: row.claim_token,
      to: { name: row.to_name, address: row.to_address },
      replyTo: row.reply_to_address === null ? null : { name: row.reply_to_name, address: row.reply_to_address },
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      attempts: row.attempts,
      resetUserId: row.reset_user_id,
      precondition:
        row.precondition === null || row.reminder_id === null
          ? null
          : { name: row.precondition, reminderId: Number(row.reminder_id) },
      attachments: files
        .filter((file) => Number(file.outbox_id) === Number(row.id))
        .map((file) => ({
          fileName: file.file_name,
          contentType: file.content_type,
          content: new Uint8Array(file.content ?? new Uint8Array()),
        })),
    }),
  );
}

interface AttachmentRow {
  outbox_id: number;
  file_name: string;
  content_type: string;
  content: Uint8Array | null;
}

async function attachmentsOf(sql: Sql, ids: number[]): Promise<AttachmentRow[]> {
  return sql<AttachmentRow[]>`
    select outbox_id, file_name, content_type, content from outbox_attachments
    where outbox_id = any(${ids}::bigint[]) order by outbox_id, position`;
}

/**
 * Delivered. Only while the claim is still ours; returns whether it was. The attachments' bytes go
 * (their names, sizes and SHA-256 stay): the document keeps its own copy.
 */
export async function markSent(sql: Sql, mail: ClaimedMail): Promise<boolean> {
  return sql.begin(async (tx) => {
    const updated = await tx`
      update outbox set state = 'sent', sent_at = now(), claimed_until = null, claim_token = null
      where id = ${mail.id} and claim_token = ${mail.claimToken}`;
    if (updated.count === 1 && mail.attachments.length > 0)
      await tx`update outbox_attachments set content = null where outbox_id = ${mail.id}`;
    return updated.count === 1;
  });
}

/**
 * Dropped, never sent: its precondition no longer holds (a reminder whose invoice was paid). The
 * German reason goes to its failures, as the Postausgang shows them; its attachments' bytes go.
 */
export async function markDropped(sql: Sql, mail: ClaimedMail, reason: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    const updated = await tx`
      update outbox set state = 'cancelled', claimed_until = null, claim_token = null,
        failures = failures || jsonb_build_array(jsonb_build_object(
          'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'reason', ${reason}::text))
      where id = ${mail.id} and claim_token = ${mail.claimToken}`;
    if (updated.count === 1) await tx`update outbox_attachments set content = null where outbox_id = ${mail.id}`;
    return updated.count === 1;
  });
}

/**
 * A failed attempt: the reason is appended to the mail's failures. `final` (a recipient refused for good) fails
 * it at once; otherwise it is due again after `retryInMs`, unless its failures began `giveUpMs`
 * ago, then it fails too. Returns the state it is left in (null: the claim was no longer ours).
 */
export async function recordFailure(
  sql: Sql,
  mail: ClaimedMail,
  { reason, final, retryInMs, giveUpMs }: { reason: string; final: boolean; retryInMs: number; giveUpMs: number },
): Promise<OutboxMailState | null> {
  const [row] = await sql<{ state: OutboxMailState }[]>`
    update outbox set
      state = case
        when ${final} or coalesce(first_failed_at, now()) <= now() - make_interval(secs => ${giveUpMs / 1000})
        then 'failed' else 'waiting' end,
      first_failed_at = coalesce(first_failed_at, now()),
      next_attempt_at = now() + make_interval(secs => ${retryInMs / 1000}),
      failures = failures || jsonb_build_array(jsonb_build_object(
        'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'reason', ${reason}::text)),
      claimed_until = null,
      claim_token = null
    where id = ${mail.id} and claim_token = ${mail.claimToken}
    returning state`;
  return row?.state ?? null;
}

interface MailRow {
  id: number;
  kind: OutboxMailKind;
  state: OutboxMailState;
  to_name: string | null;
  to_address: string;
  reply_to_name: string | null;
  reply_to_address: string | null;
  subject: string;
  text_body: string;
  attempts: number;
  failures: OutboxFailure[];
  created_at: Date;
  sent_at: Date | null;
  next_attempt_at: Date;
}

/** `Name <address>`, as a mail program shows it. */
function mailboxText(name: string | null, address: string): string {
  return name ? `${name} <${address}>` : address;
}

function toOutboxMail(row: MailRow): OutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    to: mailboxText(row.to_name, row.to_address),
    reply_to: row.reply_to_address === null ? null : mailboxText(row.reply_to_name, row.reply_to_address),
    subject: row.subject,
    text: row.text_body,
    attempts: row.attempts,
    last_error: row.failures.at(-1)?.reason ?? null,
    failures: row.failures,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
    next_attempt_at: row.state === "waiting" ? row.next_attempt_at.toISOString() : null,
  };
}

const mailColumns = (sql: Queries) => sql`
  id, kind, state, to_name, to_address, reply_to_name, reply_to_address, subject, text_body, attempts,
  failures, created_at, sent_at, next_attempt_at`;

/** The newest mails, whatever their state. */
export async function listOutbox(sql: Sql): Promise<OutboxMail[]> {
  const rows = await sql<MailRow[]>`
    select ${mailColumns(sql)} from outbox order by created_at desc, id desc limit ${outboxListLimit}`;
  return rows.map(toOutboxMail);
}

export type RetryResult =
  | { outcome: "waiting"; mail: OutboxMail }
  | { outcome: "not-found" }
  | { outcome: "not-failed" };

/** A failed mail back to waiting, due now, with a fresh 24 hours; its failures stay on record. */
export async function retryMail(sql: Sql, id: number, actor: AuditActor): Promise<RetryResult> {
  return sql.begin(async (tx) => {
    const [row] = await tx<MailRow[]>`
      update outbox set state = 'waiting', next_attempt_at = now(), first_failed_at = null
      where id = ${id} and state = 'failed'
      returning ${mailColumns(tx)}`;
    if (row) {
      await recordAuditEvent(tx, actor, { action: "mail.resent", objectId: id, fields: ["state"] });
      return { outcome: "waiting", mail: toOutboxMail(row) };
    }
    const [existing] = await tx`select 1 from outbox where id = ${id}`;
    return existing ? { outcome: "not-failed" } : { outcome: "not-found" };
  });
}
