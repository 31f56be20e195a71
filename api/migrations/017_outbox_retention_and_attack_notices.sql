-- Outbox mails go with their contact request; the admins hear of an attack on an account once a day.

-- A mail that holds a contact request's personal data (the new-request notice to the team, a
-- reply to the visitor) names its request and is deleted with it: the 30-day deletion of answered
-- requests (and any other deletion of a request) takes those mails along, as the privacy notice
-- promises. Other mails name no request (null).
alter table outbox add column contact_request_id bigint references contact_requests (id) on delete cascade;
create index outbox_contact_request_idx on outbox (contact_request_id) where contact_request_id is not null;

-- Mails written before this migration: a notice names its visitor as Reply-To, a reply is sent to
-- the visitor. Each is linked to the latest request of that address created before it...
update outbox set contact_request_id = (
  select request.id from contact_requests request
  where lower(request.email) = lower(case outbox.kind when 'reply' then outbox.to_address else outbox.reply_to_address end)
    and request.created_at <= outbox.created_at
  order by request.created_at desc, request.id desc
  limit 1)
where kind in ('contact-request', 'reply');

-- ...and one whose request is gone already (deleted after answering) goes now.
delete from outbox where kind in ('contact-request', 'reply') and contact_request_id is null;

-- The notice to admins that an account's sign-in is being attacked (the per-account limit was
-- reached), at most once per account and day (api/src/modules/auth/limits.ts).
alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check
  check (kind in ('contact-request', 'access-request', 'access-granted', 'password-reset', 'reply', 'backup-failed',
                   'login-attack'));
