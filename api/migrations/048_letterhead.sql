-- The letterhead on invoices, quotes and reminders (docs/decisions/0091-letterhead.md).
--
-- The Geschäftsführung, printed in the PDFs' footer beside the Handelsregister.
alter table company_settings add column managing_directors text check (char_length(managing_directors) <= 200);

-- The company's logos: PNG or JPEG, checked by their bytes, at most 1 MB, stored as blobs in the
-- invoices' blob store (the PDFs' own store; its sweep keeps every blob a row here names). One row
-- is `current`: the logo new PDFs carry. An issued quote keeps the blob id of the logo it was
-- issued with (its `seller` copy), since its PDF is rendered on demand; a replaced or removed logo
-- stays while an issued quote names it and is deleted with its blob otherwise. Its id comes from
-- the invoices' own sequence, as a reminder's does (migration 046): the scrub and the backup read
-- the invoices' blob area as one list by id.
create table company_logos (
  id bigint primary key default nextval('invoices_id_seq'),
  blob_id text not null unique check (blob_id ~ '^[0-9a-f]{32}$'),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  size integer not null check (size > 0 and size <= 1000000),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  current boolean not null default true,
  uploaded_at timestamptz not null default now(),
  uploaded_by bigint references users (id) on delete set null
);
create unique index company_logos_one_current on company_logos (current) where current;
