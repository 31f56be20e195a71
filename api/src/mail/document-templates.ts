import {
  defaultMailTemplates,
  type MailTemplate,
  type MailTemplateKind,
  type MailTemplatesAnswer,
  mailTemplateKinds,
} from "@klarwerk/kit";
import type { Queries } from "../db/open.ts";

// Reading the mail templates (migrations 044, 047, 049): every document's mail starts with its
// kind's; admins change them through the sending module (modules/sending/store.ts).

/** Every kind's template as stored, or the kit's default until an admin saved one. */
export async function readMailTemplates(sql: Queries): Promise<MailTemplatesAnswer> {
  const rows = await sql<{ kind: MailTemplateKind; subject: string; body: string }[]>`
    select kind, subject, body from mail_templates`;
  const stored = new Map(rows.map((row) => [row.kind, { subject: row.subject, text: row.body }]));
  return Object.fromEntries(
    mailTemplateKinds.map((kind) => [kind, stored.get(kind) ?? { ...defaultMailTemplates[kind] }]),
  ) as MailTemplatesAnswer;
}

/** One kind's template as stored, or the kit's default until an admin saved one. */
export async function readMailTemplate(sql: Queries, kind: MailTemplateKind): Promise<MailTemplate> {
  const [row] = await sql<{ subject: string; body: string }[]>`
    select subject, body from mail_templates where kind = ${kind}`;
  return row ? { subject: row.subject, text: row.body } : { ...defaultMailTemplates[kind] };
}
