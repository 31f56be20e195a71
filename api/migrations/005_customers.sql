-- Customers of the customer tool (Kundenverwaltung). Empty optional fields are null; the field
-- rules live in packages/kit (customers.ts) and are checked by the API before anything is stored.
--
-- pg_trgm serves the name search (case-insensitive substring) from an index. Creating
-- it needs the right to create extensions in this database (a superuser, the database owner on
-- Postgres 13+ as it is a trusted extension, or compose's postgres user).
create extension if not exists pg_trgm;

create table customers (
  id bigint generated always as identity primary key,
  name text not null,
  -- The search compares lower-cased text with LIKE: stored once here, a row costs about half of
  -- what `name ilike …` costs, which folds the case of every candidate row on every search.
  name_lower text generated always as (lower(name)) stored,
  email text,
  phone text,
  website text,
  notes text,
  status text not null default 'in_kontakt',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by bigint references users (id) on delete set null,
  updated_by bigint references users (id) on delete set null,
  constraint customers_status_known check (
    status in ('angerufen', 'in_kontakt', 'keine_rueckmeldung', 'abweisung', 'gespraeche', 'vertrag')
  )
);

-- The list is newest first (id descending, which is unique and so stable across pages); the primary
-- key serves that order. Search: a trigram index for `name_lower like '%…%'`. Status filter: its own
-- index, with id, so a filtered page reads in order and the count reads the index only.
create index customers_name_trgm_idx on customers using gin (name_lower gin_trgm_ops);
create index customers_status_idx on customers (status, id desc);
