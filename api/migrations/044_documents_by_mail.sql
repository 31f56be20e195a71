-- Documents sent by e-mail through the outbox (docs/decisions/0079-documents-by-mail.md): an
-- issued invoice „Per E-Mail senden“, later quotes and reminders. One sending is one outbox row per
-- recipient (as every mail: migration 013), grouped by `sending_id`; its attachments are copied
-- into outbox_attachments when the mail is written, so the mail goes out exactly as it was sent even
-- when the SMTP server is down for a day.

alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check
  check (kind in ('contact-request', 'access-request', 'access-granted', 'password-reset', 'reply', 'backup-failed',
                   'login-attack', 'canary-stopped', 'invoice'));

-- The invoice a mail carries: the mail goes with it (an invoice is deleted only when its retention
-- ended, after an erasure's restriction), its attachments with the mail.
alter table outbox add column invoice_id bigint references invoices (id) on delete cascade;
-- The rows of one sending (one per recipient) share it; null for every other mail.
alter table outbox add column sending_id uuid;
-- Who sent it: the rate limit per user and hour counts their sendings; the name stays when the
-- account is deleted (as on invoices and payments).
alter table outbox add column sent_by bigint references users (id) on delete set null;
alter table outbox add column sent_by_name text;
alter table outbox add constraint outbox_sending_consistent
  check ((sending_id is null) = (sent_by_name is null));

create index outbox_invoice_idx on outbox (invoice_id, created_at) where invoice_id is not null;
create index outbox_sent_by_idx on outbox (sent_by, created_at) where sending_id is not null;

-- A mail's files. The bytes are kept until the mail is sent (or deleted with it), then dropped:
-- the invoice keeps its own PDF, and what was attached stays named by file name, size and SHA-256.
create table outbox_attachments (
  outbox_id bigint not null references outbox (id) on delete cascade,
  position smallint not null check (position >= 0),
  file_name text not null check (char_length(file_name) between 1 and 200),
  content_type text not null,
  size integer not null check (size >= 0),
  sha256 text not null check (char_length(sha256) = 64),
  content bytea,
  primary key (outbox_id, position),
  constraint outbox_attachments_size check (content is null or octet_length(content) = size)
);

-- The subject and text a sending starts with, per kind of document, edited by admins in the
-- Firmeneinstellungen; until saved, the kit's defaults.
create table mail_templates (
  kind text primary key check (kind in ('invoice')),
  subject text not null check (char_length(subject) between 1 and 200),
  body text not null check (char_length(body) between 1 and 5000),
  updated_at timestamptz not null default now(),
  updated_by bigint references users (id) on delete set null
);
