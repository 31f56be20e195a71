-- A share link's sharer may ask to hear of its first opening (decision 0096): one mail, to the
-- account that made the link (never an address the request names), when a client first sees its
-- files. The mail's kind joins the outbox's list.
alter table share_links add column notify_on_open boolean not null default false;

alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check
  check (kind in ('contact-request', 'access-request', 'access-granted', 'password-reset', 'reply', 'backup-failed',
                   'login-attack', 'canary-stopped', 'invoice', 'reminder', 'quote', 'share-link-opened'));
