-- Releases per remote: what a team released, who may release it, and which release
-- every visitor gets. docs/architecture.md, "Releases and rollout".

-- A deploy key releases and rolls out one remote. Only the SHA-256 of the secret is kept (the
-- secret is shown once, at creation), so a read of this table releases nothing.
create table deploy_keys (
  id bigint generated always as identity primary key,
  remote text not null check (remote in ('marketing', 'dashboard', 'files', 'customers', 'invoices')),
  name text not null check (length(name) between 1 and 100),
  secret_sha256 text not null unique,
  -- The secret's first characters, so an admin can tell keys apart without the secret.
  hint text not null,
  created_by bigint references users (id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);

-- One release of one remote. Immutable once created (the trigger below): a version names exactly
-- one build for as long as the deployment lives, so its files may be cached forever.
create table releases (
  id bigint generated always as identity primary key,
  remote text not null check (remote in ('marketing', 'dashboard', 'files', 'customers', 'invoices')),
  version text not null check (version ~ '^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$'),
  kind text not null check (kind in ('uploaded', 'external')),
  -- Uploaded: `/remotes/mf-<name>/releases/<version>/mf-manifest.json`; external: an https URL.
  manifest_url text not null,
  -- The kit surface (packages/kit/surface.ts) the remote's shared kit entries were built against.
  kit_surface text not null,
  note text not null default '' check (length(note) <= 500),
  -- Who released it, as shown ("Ada Admin", "Schlüssel „CI Dashboard“"), kept when the account
  -- or key is gone.
  released_by text not null,
  released_by_user bigint references users (id) on delete set null,
  released_by_key bigint references deploy_keys (id) on delete set null,
  created_at timestamptz not null default now(),
  -- Bytes of the uploaded files (0 for an external release).
  size_bytes bigint not null default 0,
  unique (remote, version)
);

create function releases_immutable() returns trigger language plpgsql as $$
begin
  -- The only change allowed: the key or account that released it being deleted.
  if (new.id, new.remote, new.version, new.kind, new.manifest_url, new.kit_surface, new.note, new.released_by,
      new.created_at, new.size_bytes)
     is distinct from
     (old.id, old.remote, old.version, old.kind, old.manifest_url, old.kit_surface, old.note, old.released_by,
      old.created_at, old.size_bytes) then
    raise exception 'a release is immutable' using errcode = 'check_violation';
  end if;
  return new;
end $$;
create trigger releases_immutable before update on releases for each row execute function releases_immutable();

-- The files of an uploaded release, each a blob in the `releases` store (disk or bucket).
create table release_files (
  release_id bigint not null references releases (id),
  path text not null check (path !~ '(^/|(^|/)\.\.?(/|$)|\\)'),
  blob_id text not null unique check (blob_id ~ '^[0-9a-f]{32}$'),
  size bigint not null,
  sha256 text not null,
  primary key (release_id, path)
);

-- Per remote: the active release, the one before it (the shell's last good release), and an
-- optional canary with the share of visitors (1-100) that get it. No row: REMOTE_<NAME>_URL.
create table remote_rollouts (
  remote text primary key check (remote in ('marketing', 'dashboard', 'files', 'customers', 'invoices')),
  active_release bigint not null references releases (id),
  previous_release bigint references releases (id),
  canary_release bigint references releases (id),
  canary_share integer not null default 0 check (canary_share between 0 and 100),
  changed_at timestamptz not null default now(),
  constraint canary_has_share check ((canary_release is null) = (canary_share = 0)),
  constraint canary_is_not_active check (canary_release is distinct from active_release)
);

-- What was done to a remote's rollout, by whom: the history the admin screen shows.
create table rollout_events (
  id bigint generated always as identity primary key,
  remote text not null,
  action text not null check (action in ('release', 'activate', 'canary', 'promote', 'stop', 'auto-stop', 'rollback')),
  release_id bigint references releases (id),
  share integer,
  actor text not null,
  reason text,
  created_at timestamptz not null default now()
);
create index rollout_events_remote_idx on rollout_events (remote, id desc);

-- Every API process keeps the rollout in memory and must hear of a change within a second.
create trigger remote_rollouts_changed after insert or update or delete or truncate on remote_rollouts
  for each statement execute function notify_table_changed();
