-- What decides a canary: each visitor (a keyed pseudonym from its signed ticket) counts once per
-- release and hour its ticket was issued in, however often its reports come; `failed` once any
-- of them was an error. The key makes a replayed ticket change nothing, in every process.
create table canary_visits (
  id bigint generated always as identity,
  release_id bigint not null references releases (id),
  visitor text not null,
  window_start timestamptz not null,
  failed boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (release_id, visitor, window_start)
);
create index canary_visits_recent_idx on canary_visits (release_id, id desc);
create index canary_visits_created_idx on canary_visits (created_at);

-- Whether an error report came with a valid ticket: those without are kept for the admins' list
-- but decide nothing.
alter table client_errors add column ticketed boolean not null default false;
