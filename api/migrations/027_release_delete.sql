-- An admin may delete a release no visitor can get (not active, not the canary, not the one to
-- roll back to): an upload is no longer there forever. docs/architecture.md, "Releases and rollout".

-- Its files' blobs are removed as the file area's are: queued with the rows' delete, removed once
-- no backup is copying (api/src/backup/deferred-deletes.ts).
alter table blob_deletions drop constraint blob_deletions_area_check;
alter table blob_deletions add constraint blob_deletions_area_check check (area in ('files', 'invoices', 'releases'));

-- The remote's history keeps what was done with it, by version; the delete writes the version
-- here before the release row goes.
alter table rollout_events add column release_version text;
alter table rollout_events drop constraint rollout_events_release_id_fkey;
alter table rollout_events add constraint rollout_events_release_id_fkey
  foreign key (release_id) references releases (id) on delete set null;

-- Reports and counted loads of a deleted release are of no use to judge a canary any more.
alter table client_errors drop constraint client_errors_release_id_fkey;
alter table client_errors add constraint client_errors_release_id_fkey
  foreign key (release_id) references releases (id) on delete set null;
alter table release_loads drop constraint release_loads_release_id_fkey;
alter table release_loads add constraint release_loads_release_id_fkey
  foreign key (release_id) references releases (id) on delete cascade;

-- Every API process keeps a release's file list in memory: a release deleted (or its version
-- released again) must reach all of them.
create trigger releases_changed after insert or delete or truncate on releases
  for each statement execute function notify_table_changed();
