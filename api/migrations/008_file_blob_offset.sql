-- Where a file's bytes begin in its blob. A large upload is written to disk whole, as it arrives,
-- and the form's start (boundary, part headers, fields sent before the file) stays in front of
-- the file's bytes: moving 1 GiB to drop a few hundred bytes would cost as much as the upload.
alter table files add column blob_offset bigint not null default 0 check (blob_offset >= 0);
