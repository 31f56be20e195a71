-- Documents by mail, wired (docs/decisions/0079-documents-by-mail.md, 0080, 0090).
--
-- Recurring invoices' „ausstellen und senden“: a run moves issued → sent in the transaction that
-- writes its mail to the outbox (row lock, `where state = 'issued'`), so it is sent once. A run
-- that cannot be sent keeps `issued` with the reason shown on the screen (German, e.g. „keine
-- E-Mail-Adresse beim Kunden“); the job does not try it again.
alter table recurring_invoice_runs add column send_note text check (char_length(send_note) <= 500);

-- Reminders by e-mail (decision 0090): a reminder's mail is written in the transaction that makes
-- the reminder; it carries a precondition the outbox's worker checks right before handing it to
-- the SMTP server ('invoice-open': the reminder's invoice still has an open amount and is not
-- cancelled). A mail whose precondition no longer holds is dropped: state 'cancelled', the German
-- reason in its failures (Postausgang), never sent.
alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check
  check (kind in ('contact-request', 'access-request', 'access-granted', 'password-reset', 'reply', 'backup-failed',
                   'login-attack', 'canary-stopped', 'invoice', 'reminder'));
alter table outbox drop constraint outbox_state_check;
alter table outbox add constraint outbox_state_check check (state in ('waiting', 'sent', 'failed', 'cancelled'));
alter table outbox add column reminder_id bigint references invoice_reminders (id) on delete cascade;
alter table outbox add column precondition text check (precondition in ('invoice-open'));
alter table outbox add constraint outbox_precondition_subject check (precondition is null or reminder_id is not null);
create index outbox_reminder_idx on outbox (reminder_id) where reminder_id is not null;

-- Why a reminder queued for e-mail was not sent (German, shown in its history); sent_at/sent_to
-- are cleared then. Like them, it may change on a final reminder.
alter table invoice_reminders add column send_note text check (char_length(send_note) <= 500);
create or replace function invoice_reminders_final() returns trigger language plpgsql as $$
begin
  if (to_jsonb(new) - 'sent_at' - 'sent_to' - 'send_note' - 'created_by')
     is distinct from (to_jsonb(old) - 'sent_at' - 'sent_to' - 'send_note' - 'created_by') then
    raise exception 'reminder % cannot be changed', old.id using errcode = 'check_violation';
  end if;
  return new;
end $$;

-- One template per reminder level beside the invoice's (the kit's defaults until an admin saves one).
alter table mail_templates drop constraint mail_templates_kind_check;
alter table mail_templates add constraint mail_templates_kind_check
  check (kind in ('invoice', 'reminder-1', 'reminder-2', 'reminder-3'));
