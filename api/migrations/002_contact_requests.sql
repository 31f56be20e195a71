-- Messages sent through the public contact form. Open until a signed-in user marks them done;
-- there is no way back (the product has no "reopen"), so done_at/done_by are written once.
create table contact_requests (
  id bigint generated always as identity primary key,
  name text not null,
  email text not null,
  company text,
  message text not null,
  created_at timestamptz not null default now(),
  is_done boolean not null default false,
  done_at timestamptz,
  done_by bigint references users (id) on delete set null,
  constraint contact_requests_done_consistent check (is_done = (done_at is not null))
);

-- The dashboard lists open requests newest first and counts both states.
create index contact_requests_open_idx on contact_requests (created_at desc, id desc) where not is_done;
create index contact_requests_done_idx on contact_requests (id) where is_done;
