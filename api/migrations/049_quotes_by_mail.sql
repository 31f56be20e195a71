-- Quotes by e-mail and every kind's template (docs/decisions/0079-documents-by-mail.md).
--
-- An issued Angebot „Per E-Mail senden“ as an invoice: one outbox row per recipient, grouped by
-- `sending_id`, its PDF in outbox_attachments. The row names its quote and goes with it (a draft
-- is never sent; an issued quote is deleted only with the whole database, or by an erasure of its
-- rows, when its mails go too).
alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check
  check (kind in ('contact-request', 'access-request', 'access-granted', 'password-reset', 'reply', 'backup-failed',
                   'login-attack', 'canary-stopped', 'invoice', 'reminder', 'quote'));
alter table outbox add column quote_id bigint references quotes (id) on delete cascade;
create index outbox_quote_idx on outbox (quote_id, created_at) where quote_id is not null;
-- A mail carries one document at the most.
alter table outbox add constraint outbox_one_document
  check (num_nonnulls(invoice_id, quote_id, reminder_id) <= 1);

-- The quote's template beside the invoice's and the reminders' (the kit's defaults until saved).
alter table mail_templates drop constraint mail_templates_kind_check;
alter table mail_templates add constraint mail_templates_kind_check
  check (kind in ('invoice', 'quote', 'reminder-1', 'reminder-2', 'reminder-3'));
