-- The file area's search across every folder (decision 0094): `lower(original_name) like '%…%'`
-- reads this trigram index instead of every file (pg_trgm: migration 005).
create index files_name_trgm_idx on files using gin (lower(original_name) gin_trgm_ops);
