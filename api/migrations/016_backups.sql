-- Backups: every run of `bun run backup`, the API's scheduled backup and the restore
-- drill, for admins ("Betrieb") and so that one slot of the schedule is backed up once per
-- deployment: `slot` is the scheduled time a run belongs to (null for a run by hand), and two
-- processes reaching the same slot cannot both insert it.
create table backup_runs (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('backup', 'drill')),
  slot timestamptz,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  result text not null default 'running' check (result in ('running', 'ok', 'failed')),
  error text,
  -- The set written (backup) or restored (drill), e.g. `2025-03-01T02-30-00Z`.
  set_name text,
  -- Bytes of the set: its dump plus every blob it lists (blobs shared with earlier sets count too).
  size_bytes bigint,
  -- Bytes written to the target by this run (blobs already there are not copied again).
  copied_bytes bigint,
  duration_ms integer,
  unique (kind, slot),
  constraint backup_runs_finished_consistent check ((result = 'running') = (finished_at is null))
);

create index backup_runs_kind_finished_idx on backup_runs (kind, finished_at desc);

-- A blob whose row was deleted while a backup was copying: the backup's snapshot may still name
-- it, so it is removed from the store only once no backup runs (api/src/backup/deferred-deletes.ts).
create table blob_deletions (
  id bigint generated always as identity primary key,
  area text not null check (area in ('files', 'invoices')),
  blob_id text not null,
  created_at timestamptz not null default now()
);

-- A failed backup or drill mails every admin.
alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check
  check (kind in ('contact-request', 'access-request', 'access-granted', 'password-reset', 'reply', 'backup-failed'));
