-- Accounts a company can trust: only approved (active) accounts use the portal, admins manage
-- them, and sessions live here so that logout, disabling, deleting and a new password end them.

-- New accounts wait for approval; `approved_by_name` keeps who approved after that admin is gone.
alter table users
  add column role text not null default 'staff',
  add column status text not null default 'pending',
  add column approved_at timestamptz,
  add column approved_by bigint references users (id) on delete set null,
  add column approved_by_name text,
  add column password_changed_at timestamptz,
  add constraint users_role_known check (role in ('admin', 'staff')),
  add constraint users_status_known check (status in ('pending', 'active', 'disabled'));

-- An upgrade never locks a company out: everyone already here stays in, the earliest as admin.
update users set status = 'active';
update users set role = 'admin' where id = (select id from users order by created_at, id limit 1);

-- The user administration lists pending requests first; the last-admin rule counts active admins.
create index users_status_idx on users (status);

-- What an account made stays attributed by the name it had when it is deleted (the ids become
-- null). files.uploader_name (004) already does this; the others get their name column here.
alter table folders add column created_by_name text;
update folders set created_by_name = users.name from users where users.id = folders.created_by;

alter table customers add column created_by_name text, add column updated_by_name text;
update customers set created_by_name = creator.name from users creator where creator.id = customers.created_by;
update customers set updated_by_name = editor.name from users editor where editor.id = customers.updated_by;

alter table contact_requests add column done_by_name text;
update contact_requests set done_by_name = users.name from users where users.id = contact_requests.done_by;

-- A signed-in browser: the token's `sid` names its row. A session ends after 7 days without use
-- (last_used_at, written at most every few minutes) and at expires_at (30 days after login) at
-- the latest; logout, disabling, deleting the account and a new password delete rows.
create table sessions (
  id text primary key check (char_length(id) between 32 and 64),
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null,
  last_used_at timestamptz not null,
  expires_at timestamptz not null
);

create index sessions_user_idx on sessions (user_id);
create index sessions_expires_idx on sessions (expires_at);

-- Every API process keeps the sessions it checked in memory (migration 007's notifications tell
-- it when to drop them): a deleted session must be refused everywhere. A new session is in no
-- cache yet, and last_used_at is only the idle clock (each process re-reads it before refusing a
-- session as idle), so inserts and those touches notify no one: a touch every few minutes per
-- browser would otherwise empty every cache as often.
create trigger sessions_changed after delete or truncate or update of id, user_id, expires_at on sessions
  for each statement execute function notify_table_changed();
