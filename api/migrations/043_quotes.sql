-- Angebote (quotes), docs/decisions/0078-quotes.md: drafted, issued with their own gap-free number
-- series `AN-2026-0001`, accepted or rejected, and turned into invoice drafts. The content has the
-- invoice's columns (the form and its rules are the invoice's), plus „Gültig bis“. The status
-- „abgelaufen“ is not stored: the API computes it from `valid_until` (as an invoice's „überfällig“).

-- The number counters of both series in one table: invoices keep series 'invoice', quotes take
-- 'quote'. The same statement (invoices/store.ts `nextSequence`) increments a series' row in the
-- transaction that stores the issued document, so the row lock orders concurrent issues and a
-- rolled-back issue gives its number back.
alter table invoice_number_counters add column series text not null default 'invoice'
  check (series in ('invoice', 'quote'));
alter table invoice_number_counters drop constraint invoice_number_counters_pkey;
alter table invoice_number_counters add primary key (series, year);

create table quotes (
  id bigint generated always as identity primary key,
  state text not null default 'draft' check (state in ('draft', 'issued')),
  number text unique,
  number_year integer,
  number_sequence integer,
  customer_id bigint references customers (id) on delete set null,
  recipient text not null default '',
  recipient_name text generated always as (coalesce(substring(btrim(recipient, e' \n\r\t') from '^[^\n\r]*'), '')) stored,
  recipient_vat_id text,
  buyer_reference text,
  provider text not null default '',
  issue_date date not null,
  service_date date,
  service_period_start date,
  service_period_end date,
  payment_term_days integer not null default 14 check (payment_term_days between 0 and 365),
  -- „Gültig bis“: null on a draft means the issue date + 30 days, set when it is issued.
  valid_until date,
  items jsonb not null default '[]',
  discount_percent numeric(7, 4) not null default 0,
  tax_percent numeric(7, 4) not null default 19,
  tax_case text,
  tax_exemption_reason text,
  extra_fees_cents bigint not null default 0,
  notes text not null default '',
  total_cents bigint not null default 0,
  -- The company settings it was issued with (null for drafts): its PDF is made from this row.
  seller jsonb,
  -- The customer's answer, recorded by staff: „angenommen“ or „abgelehnt“.
  decision text check (decision in ('accepted', 'rejected')),
  decided_at timestamptz,
  decided_by bigint references users (id) on delete set null,
  decided_by_name text,
  created_at timestamptz not null default now(),
  created_by bigint references users (id) on delete set null,
  created_by_name text,
  updated_at timestamptz not null default now(),
  issued_at timestamptz,
  issued_by bigint references users (id) on delete set null,
  issued_by_name text,
  constraint quotes_number_unique unique (number_year, number_sequence),
  constraint quotes_issued_complete check (
    state = 'draft'
    or (number is not null and number_year is not null and number_sequence is not null
        and seller is not null and valid_until is not null and issued_at is not null)
  ),
  constraint quotes_draft_unnumbered check (state = 'issued' or (number is null and decision is null)),
  constraint quotes_valid_after_issue check (valid_until is null or valid_until >= issue_date)
);

create index quotes_recipient_name_trgm_idx on quotes using gin (lower(recipient_name) gin_trgm_ops);
create index quotes_customer_idx on quotes (customer_id);

-- An issued quote is final, as an issued invoice: only the customer's answer may be recorded
-- (once), and the foreign keys may let go of a deleted user or customer.
create function quotes_issued_final() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'issued quote % cannot be deleted', old.number using errcode = 'check_violation';
  end if;
  if old.decision is not null and new.decision is distinct from old.decision then
    raise exception 'the answer to quote % is recorded', old.number using errcode = 'check_violation';
  end if;
  if (to_jsonb(new) - array['decision', 'decided_at', 'decided_by', 'decided_by_name', 'updated_at', 'customer_id',
                            'created_by', 'issued_by', 'recipient_name'])
     is distinct from
     (to_jsonb(old) - array['decision', 'decided_at', 'decided_by', 'decided_by_name', 'updated_at', 'customer_id',
                            'created_by', 'issued_by', 'recipient_name']) then
    raise exception 'issued quote % cannot be changed', old.number using errcode = 'check_violation';
  end if;
  return new;
end $$;

create trigger quotes_issued_final before update or delete on quotes
  for each row when (old.state = 'issued') execute function quotes_issued_final();

-- An invoice made from a quote („In Rechnung umwandeln“) names it; several may (Teilrechnungen).
-- Set when the draft is made, so the issued invoice's guard keeps it.
alter table invoices add column quote_id bigint references quotes (id);
create index invoices_quote_idx on invoices (quote_id) where quote_id is not null;
