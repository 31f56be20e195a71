-- Every blob's SHA-256 (hex) kept with its row, computed as the bytes come in: downloads carry it
-- (Repr-Digest, ETag) and the scrub re-reads each blob against it. Rows stored before this
-- migration get theirs from a one-time background backfill (api/src/storage/checksum-backfill.ts);
-- until then they are null and checked by size only.
alter table files add column sha256 text check (sha256 ~ '^[0-9a-f]{64}$');

-- An issued invoice's PDF: its size and SHA-256, recorded at issue (the XRechnung is made from
-- the row on request and never stored).
alter table invoices add column pdf_size bigint check (pdf_size >= 0);
alter table invoices add column pdf_sha256 text check (pdf_sha256 ~ '^[0-9a-f]{64}$');

-- An issued invoice stays final (migration 011); its PDF's size and checksum may be recorded once,
-- by the backfill of invoices issued before they were kept, and never changed after that.
create or replace function invoices_issued_final() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'issued invoice % cannot be deleted', old.number using errcode = 'check_violation';
  end if;
  if (old.pdf_size is not null and new.pdf_size is distinct from old.pdf_size)
     or (old.pdf_sha256 is not null and new.pdf_sha256 is distinct from old.pdf_sha256) then
    raise exception 'issued invoice % cannot be changed', old.number using errcode = 'check_violation';
  end if;
  -- Generated columns are left out: a BEFORE trigger sees them unset in NEW, and they follow
  -- from columns compared here anyway.
  if (to_jsonb(new) - array['paid_on', 'updated_at', 'customer_id', 'created_by', 'issued_by', 'recipient_name',
                            'due_date', 'pdf_size', 'pdf_sha256'])
     is distinct from
     (to_jsonb(old) - array['paid_on', 'updated_at', 'customer_id', 'created_by', 'issued_by', 'recipient_name',
                            'due_date', 'pdf_size', 'pdf_sha256']) then
    raise exception 'issued invoice % cannot be changed', old.number using errcode = 'check_violation';
  end if;
  return new;
end $$;

-- The backfill's progress per area (`files`, `invoices`): rows up to `after_id` are done, so a
-- process that stops midway leaves the rest to the next start; `finished_at` once all are.
create table blob_checksum_backfill (
  area text primary key,
  after_id bigint not null default 0,
  finished_at timestamptz
);
-- Every row now present predates checksums; without any, there is nothing to fill in.
insert into blob_checksum_backfill (area, finished_at)
values ('files', case when exists (select 1 from files) then null else now() end),
       ('invoices', case when exists (select 1 from invoices where pdf_blob is not null) then null else now() end);

-- Each run of the scrub (bun run verify-blobs, or the API's weekly job): what it read and what it
-- found. `problems` lists the first findings with ids and names (the counts are complete).
create table blob_scrubs (
  id bigint generated always as identity primary key,
  started_at timestamptz not null,
  finished_at timestamptz not null default now(),
  blob_store text not null,
  checked integer not null,
  bytes_read bigint not null,
  -- Rows whose blob was checked by size alone (no checksum yet), or only found (no size either).
  without_checksum integer not null,
  missing integer not null,
  changed integer not null,
  orphaned integer not null,
  problems jsonb not null default '[]'
);
