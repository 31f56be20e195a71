-- What the shell reports when a remote fails to load or to render: which release, on
-- which route, with the browser's message. No personal data besides the session's user id.
create table client_errors (
  id bigint generated always as identity primary key,
  remote text not null check (remote in ('marketing', 'dashboard', 'files', 'customers', 'invoices')),
  -- The release the browser ran; null: a remote without releases (REMOTE_<NAME>_URL).
  release_id bigint references releases (id),
  kind text not null check (kind in ('load', 'render')),
  route text not null,
  message text not null,
  browser text not null,
  user_id bigint references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index client_errors_release_idx on client_errors (release_id, id desc);
create index client_errors_created_idx on client_errors (created_at);

-- Every load of a released remote the shell counts (one row per page load and remote), so a
-- canary's error rate over its last 200 loads can be compared with the active release's.
create table release_loads (
  id bigint generated always as identity primary key,
  release_id bigint not null references releases (id),
  failed boolean not null,
  created_at timestamptz not null default now()
);
create index release_loads_release_idx on release_loads (release_id, id desc);

-- The mail to every admin when a canary was stopped for its errors.
alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check
  check (kind in ('contact-request', 'access-request', 'access-granted', 'password-reset', 'reply', 'backup-failed',
                   'login-attack', 'canary-stopped'));
