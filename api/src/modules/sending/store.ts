import type {
  DocumentSending,
  DocumentSendingRecipient,
  MailedDocumentKind,
  MailTemplate,
  MailTemplateKind,
} from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import { readMailTemplate } from "../../mail/document-templates.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";

// The statements on mail_templates and on the outbox's sendings (migration 044).

/** Stores one kind's template; the audit event names the kind and the changed fields (the texts are no one's data). */
export async function saveMailTemplate(
  sql: Queries,
  kind: MailTemplateKind,
  template: MailTemplate,
  userId: number | null,
  actor: AuditActor,
): Promise<MailTemplate> {
  const before = await readMailTemplate(sql, kind);
  await sql`
    insert into mail_templates (kind, subject, body, updated_by)
    values (${kind}, ${template.subject}, ${template.text}, ${userId})
    on conflict (kind) do update set subject = excluded.subject, body = excluded.body, updated_at = now(),
      updated_by = excluded.updated_by`;
  const fields = (["subject", "text"] as const).filter((field) => before[field] !== template[field]);
  await recordAuditEvent(sql, actor, { action: "company.mail_templates_changed", objectId: kind, fields });
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

/** A document's sendings, newest first: one per sending, its recipients with their mails' state. */
export async function documentSendings(
  sql: Queries,
  document: { kind: MailedDocumentKind; id: number },
): Promise<DocumentSending[]> {
  const column = document.kind === "quote" ? sql`o.quote_id` : sql`o.invoice_id`;
  const rows = await sql<SendingRow[]>`
    select o.sending_id::text as sending_id, min(o.created_at) as created_at, min(o.sent_by_name) as sent_by_name,
      min(o.subject) as subject,
      jsonb_agg(jsonb_build_object('address', o.to_address, 'state', o.state) order by o.id) as recipients,
      array(select a.file_name from outbox_attachments a where a.outbox_id = min(o.id) order by a.position)
        as attachments
    from outbox o
    where ${column} = ${document.id} and o.sending_id is not null
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
