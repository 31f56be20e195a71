-- Rows an erasure (Art. 17 DSGVO) may not delete because a law makes the company keep them
-- (an issued invoice: § 147 AO, § 14b UStG), restricted instead (Art. 17(3)(b), Art. 18): the row
-- and its stored PDF stay exactly as they are (the GoBD trigger of migration 011 still guards
-- them), and staff no longer see them in lists, searches or by id. The restriction lives beside
-- the row, not in it, so an issued invoice is never written to.
--
-- `restricted_until` is the last day of the retention period; from the day after, the row may be
-- deleted. No job deletes yet: a daily job reads the due ones by this index
-- (docs/decisions/0061-erasure-plan.md).
create table privacy_restrictions (
  id bigint generated always as identity primary key,
  table_name text not null check (table_name in ('invoices')),
  row_id bigint not null,
  -- The request that restricted it; kept when the case goes, as the row stays restricted.
  case_id bigint references privacy_cases (id) on delete set null,
  restricted_until date not null,
  created_at timestamptz not null default now(),
  constraint privacy_restrictions_once unique (table_name, row_id)
);

create index privacy_restrictions_until_idx on privacy_restrictions (restricted_until);
