-- The customer CSV import (docs/decisions/0099-customer-csv-import.md).
--
-- 1. One row per uploaded file. Until it is imported it holds the decoded file (`file_text`,
--    personal data): deleted on import, and an upload never imported is deleted after 24 hours
--    (customers/import-store.ts, on every upload and in the daily retention run).
create table customer_imports (
  id bigint generated always as identity primary key,
  state text not null default 'prepared' check (state in ('prepared', 'checked', 'imported', 'undone')),
  encoding text not null,
  delimiter text not null,
  header_key text not null,
  file_text text,
  row_count integer not null,
  -- The dry run: the mapping it ran with, when, and each row's verdict (`status:customer id`), so
  -- the import can tell what changed since.
  mapping jsonb,
  checked_at timestamptz,
  verdicts jsonb,
  counts jsonb,
  created_at timestamptz not null default now(),
  created_by bigint references users (id) on delete set null,
  created_by_name text not null,
  imported_at timestamptz,
  undone_at timestamptz
);

create index customer_imports_created_idx on customer_imports (created_at) where file_text is not null;

-- 2. What an import did to each customer, for „Import rückgängig machen“: created or updated, the
--    master data before an update (personal data: deleted after 30 days, on undo, and with the
--    customer's erasure), and the customer's version (updated_at) as the import left it: an undo
--    refuses a customer changed since.
create table customer_import_rows (
  import_id bigint not null references customer_imports (id) on delete cascade,
  customer_id bigint not null references customers (id) on delete cascade,
  line integer not null,
  action text not null check (action in ('created', 'updated')),
  before jsonb,
  updated_at timestamptz not null,
  primary key (import_id, customer_id)
);

create index customer_import_rows_customer_idx on customer_import_rows (customer_id);

-- 3. The mapping last used for a set of headers (their folded names), offered for the next file
--    with the same headers. Header names and field names only: no personal data.
create table customer_import_mappings (
  header_key text primary key,
  mapping jsonb not null,
  updated_at timestamptz not null default now()
);
