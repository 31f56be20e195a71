-- The Papierkorb of the file area (decision 0098): deleting a file or a folder no longer removes
-- it but records one deletion (who, when, from where); the file, or the folder with everything
-- below it, carries that deletion's id and is left out of every listing, search, share link and
-- download until it is restored or purged (after FILES_TRASH_DAYS, or „Endgültig löschen“).
create table file_deletions (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('file', 'folder')),
  -- The item deleted (a folder: its subtree came with it). No foreign key: the rows go before
  -- this one when the deletion is purged.
  item_id bigint not null,
  -- Its name when deleted, and the folder path it lay in, [{ "id": 1, "name": "Kunden" }] from
  -- the root level down: a restore goes back there, recreating folders that are gone.
  name text not null,
  original_path jsonb not null default '[]' check (jsonb_typeof(original_path) = 'array'),
  deleted_by bigint references users (id) on delete set null,
  -- Kept with the deletion, as files.uploader_name: the trash still says who after the account is gone.
  deleted_by_name text not null,
  deleted_at timestamptz not null default now(),
  -- What came with it, as the trash lists it (a trashed row never changes).
  file_count integer not null check (file_count >= 0),
  folder_count integer not null check (folder_count >= 0),
  size_bytes bigint not null check (size_bytes >= 0)
);

create index file_deletions_deleted_at_idx on file_deletions (deleted_at, id);
create index file_deletions_deleted_by_idx on file_deletions (deleted_by, deleted_at desc, id desc);

alter table files add column deletion_id bigint references file_deletions (id);
alter table folders add column deletion_id bigint references file_deletions (id);
create index files_deletion_idx on files (deletion_id) where deletion_id is not null;
create index folders_deletion_idx on folders (deletion_id) where deletion_id is not null;

-- A folder in the trash no longer holds its name: a new „Kunden“ may be made where the deleted
-- one was (its restore then answers 409 or goes elsewhere).
drop index folders_parent_name_key;
create unique index folders_parent_name_key on folders (parent_id, lower(name)) nulls not distinct
  where deletion_id is null;

-- Purging a folder must not fail on rows of other deletions that still name it (a file deleted
-- alone before its folder was): they lose the reference and are restored by their recorded path.
-- The erasure ledger's replay on an older set deletes folders too; a file later moved out of them
-- is then at the root level there rather than refusing the restore.
alter table files drop constraint files_folder_id_fkey;
alter table files add constraint files_folder_id_fkey foreign key (folder_id) references folders (id)
  on delete set null;
alter table folders drop constraint folders_parent_id_fkey;
alter table folders add constraint folders_parent_id_fkey foreign key (parent_id) references folders (id)
  on delete set null;

-- Every purge is an entry of the erasure ledger (reason 'trash'), so a restore of an older set
-- does not bring a purged file back.
alter table erasure_ledger drop constraint erasure_ledger_reason_check;
alter table erasure_ledger add constraint erasure_ledger_reason_check
  check (reason in ('request', 'retention', 'trash'));
