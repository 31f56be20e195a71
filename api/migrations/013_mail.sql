-- E-mail. A mail is written here in the transaction that causes it (a contact request,
-- an access request or its approval, a reset link, a reply) and delivered by a worker in every
-- API process: nothing is lost when the SMTP server is down or not configured yet.

-- One row per mail and recipient: a 5xx from one recipient's server cannot fail or repeat
-- another's. Subject and bodies are rendered when the mail is written, so what admins read in the
-- portal is exactly what goes out. From is MAIL_FROM at the time of sending.
create table outbox (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('contact-request', 'access-request', 'access-granted', 'password-reset', 'reply')),
  to_name text,
  to_address text not null,
  reply_to_name text,
  reply_to_address text,
  subject text not null,
  text_body text not null,
  html_body text not null,
  state text not null default 'waiting' check (state in ('waiting', 'sent', 'failed')),
  attempts integer not null default 0,
  -- Due again from then on (growing delays after failures).
  next_attempt_at timestamptz not null default now(),
  -- A worker's claim: until it runs out, no other worker takes the mail; a crashed worker's claim
  -- simply expires. The token tells a late worker that its claim was taken over.
  claimed_until timestamptz,
  claim_token uuid,
  -- The first failure of the current run: 24 hours after it the mail is given up.
  first_failed_at timestamptz,
  -- Every failure, in order: [{ "at": "<ISO time>", "reason": "<text>" }].
  failures jsonb not null default '[]',
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint outbox_sent_consistent check ((state = 'sent') = (sent_at is not null))
);

create index outbox_due_idx on outbox (next_attempt_at, id) where state = 'waiting';
create index outbox_created_idx on outbox (created_at desc, id desc);

-- "Passwort vergessen?": only the SHA-256 of a link's token is kept, so a read of this table
-- cannot reset anyone's password. A token is valid 30 minutes and usable once.
create table password_reset_tokens (
  token_hash text primary key check (char_length(token_hash) = 64),
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create index password_reset_tokens_user_idx on password_reset_tokens (user_id);

-- Answers sent from the portal to a visitor, kept with the request (and deleted with it when the
-- retention period ends). The sender's name stays when the account is deleted.
create table contact_request_replies (
  id bigint generated always as identity primary key,
  request_id bigint not null references contact_requests (id) on delete cascade,
  message text not null,
  sent_by bigint references users (id) on delete set null,
  sent_by_name text not null,
  created_at timestamptz not null default now()
);

create index contact_request_replies_request_idx on contact_request_replies (request_id, created_at);
