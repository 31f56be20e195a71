import {
  type DocumentSending,
  type DocumentSendingRecipient,
  defaultInvoiceMailTemplate,
  type MailTemplate,
} from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";

// The statements on mail_templates and on the outbox's sendings (migration 044).

/** The invoice template as stored, or the kit's default until an admin saved one. */
export async function readInvoiceTemplate(sql: Queries): Promise<MailTemplate> {
  const [row] = await sql<{ subject: string; body: string }[]>`
    select subject, body from mail_templates where kind = 'invoice'`;
  return row ? { subject: row.subject, text: row.body } : { ...defaultInvoiceMailTemplate };
}

/** Stores the invoice template; the audit event names the changed fields (the texts are no one's data). */
export async function saveInvoiceTemplate(
  sql: Queries,
  template: MailTemplate,
  userId: number | null,
  actor: AuditActor,
): Promise<MailTemplate> {
  const before = await readInvoiceTemplate(sql);
  await sql`
    insert into mail_templates (kind, subject, body, updated_by)
    values ('invoice', ${template.subject}, ${template.text}, ${userId})
    on conflict (kind) do update set subject = excluded.subject, body = excluded.body, updated_at = now(),
      updated_by = excluded.updated_by`;
  const fields = (["subject", "text"] as const).filter((field) => before[field] !== template[field]);
  await recordAuditEvent(sql, actor, { action: "company.mail_templates_changed", fields });
  return template;
}

/**
 * How many sendings `userId` made in the last hour. The caller holds the account's row lock, so two
 * sendings of one user at once are counted one after the other.
 */
export async function sendingsInLastHour(tx: Queries, userId: number): Promise<number> {
  await tx`select id from users where id = ${userId} for update`;
  const [row] = await tx<{ count: number }[]>`
    select count(distinct sending_id)::int as count from outbox
    where sent_by = ${userId} and sending_id is not null and created_at > now() - interval '1 hour'`;
  return row?.count ?? 0;
}

interface SendingRow {
  sending_id: string;
  created_at: Date;
  sent_by_name: string;
  subject: string;
  recipients: DocumentSendingRecipient[];
  attachments: string[];
}

/** An invoice's sendings, newest first: one per sending, its recipients with their mails' state. */
export async function invoiceSendings(sql: Queries, invoiceId: number): Promise<DocumentSending[]> {
  const rows = await sql<SendingRow[]>`
    select o.sending_id::text as sending_id, min(o.created_at) as created_at, min(o.sent_by_name) as sent_by_name,
      min(o.subject) as subject,
      jsonb_agg(jsonb_build_object('address', o.to_address, 'state', o.state) order by o.id) as recipients,
      array(select a.file_name from outbox_attachments a where a.outbox_id = min(o.id) order by a.position)
        as attachments
    from outbox o
    where o.invoice_id = ${invoiceId} and o.sending_id is not null
    group by o.sending_id
    order by min(o.created_at) desc, min(o.id) desc`;
  return rows.map((row) => ({
    id: row.sending_id,
    createdAt: new Date(row.created_at).toISOString(),
    sentByName: row.sent_by_name,
    recipients: row.recipients,
    subject: row.subject,
    attachments: row.attachments,
  }));
}
