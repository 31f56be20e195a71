-- An uploaded release's files become stored bytes like the file area's: the scrub
-- re-reads them and the backup sets carry them. The scrub and the backups page through a blob
-- area's rows by a numeric id and name each finding by it, so every release file gets one.
alter table release_files add column id bigint generated always as identity;
alter table release_files add constraint release_files_id_key unique (id);

-- Every release file was stored with its SHA-256 as its bytes came in; the scrub compares against
-- it, so it must be one.
alter table release_files add constraint release_files_sha256_check check (sha256 ~ '^[0-9a-f]{64}$');

-- Nothing to backfill: a release file never lacked its checksum.
insert into blob_checksum_backfill (area, finished_at) values ('releases', now()) on conflict (area) do nothing;
