-- Invoices (Rechnungen) stored and numbered as § 14 UStG and the GoBD want them, and the company
-- settings every invoice takes its provider data from. The rules live in packages/kit
-- (invoices.ts, company.ts) and api/src/modules/invoices; this schema guards what must never
-- happen whatever the code does: a number used twice, an issued invoice changed or deleted.

-- The company's own data (one row; absent until an admin first saves: the API then answers the
-- site config's values).
create table company_settings (
  singleton boolean primary key default true check (singleton),
  name text not null,
  street text not null,
  postal_code text not null,
  city text not null,
  country_code text not null default 'DE',
  tax_number text,
  vat_id text,
  register_number text,
  iban text,
  bic text,
  bank_name text,
  contact_name text,
  contact_phone text,
  contact_email text,
  website text,
  updated_at timestamptz not null default now(),
  updated_by bigint references users (id) on delete set null
);

-- The last number given out per year. Issuing increments the year's row in the transaction that
-- stores the issued invoice, so the row lock orders concurrent issues and a rolled-back issue
-- gives its number back: the sequence has no gaps and no duplicates.
create table invoice_number_counters (
  year integer primary key,
  last_sequence integer not null check (last_sequence > 0)
);

create table invoices (
  id bigint generated always as identity primary key,
  state text not null default 'draft' check (state in ('draft', 'issued')),
  -- A cancellation invoice (Stornorechnung) reverses the invoice `cancels_id` names.
  kind text not null default 'invoice' check (kind in ('invoice', 'cancellation')),
  number text unique,
  number_year integer,
  number_sequence integer,
  customer_id bigint references customers (id) on delete set null,
  -- The texts as typed and printed; an issued invoice never changes when the customer does.
  recipient text not null default '',
  -- Its first line, for the list and the search.
  recipient_name text generated always as (coalesce(substring(btrim(recipient, e' \n\r\t') from '^[^\n\r]*'), '')) stored,
  recipient_vat_id text,
  buyer_reference text,
  provider text not null default '',
  issue_date date not null,
  service_date date,
  service_period_start date,
  service_period_end date,
  payment_term_days integer not null default 14 check (payment_term_days between 0 and 365),
  due_date date generated always as (issue_date + payment_term_days) stored,
  -- [{ "description", "quantity", "unitPriceCents" }], in order.
  items jsonb not null default '[]',
  discount_percent numeric(7, 4) not null default 0,
  tax_percent numeric(7, 4) not null default 19,
  tax_exemption_reason text,
  extra_fees_cents bigint not null default 0,
  notes text not null default '',
  total_cents bigint not null default 0,
  -- The company settings the invoice was issued with (null for drafts).
  seller jsonb,
  cancels_id bigint unique references invoices (id),
  paid_on date,
  -- Blob id (api/src/storage/blob-store.ts) of the ZUGFeRD PDF made at issue. The XRechnung is
  -- made from this row on request: every field it needs is stored here and never changes.
  pdf_blob text,
  created_at timestamptz not null default now(),
  created_by bigint references users (id) on delete set null,
  created_by_name text,
  updated_at timestamptz not null default now(),
  issued_at timestamptz,
  issued_by bigint references users (id) on delete set null,
  issued_by_name text,
  constraint invoices_number_unique unique (number_year, number_sequence),
  constraint invoices_issued_complete check (
    state = 'draft'
    or (number is not null and number_year is not null and number_sequence is not null
        and seller is not null and pdf_blob is not null and issued_at is not null)
  ),
  constraint invoices_draft_unnumbered check (state = 'issued' or (number is null and paid_on is null)),
  constraint invoices_cancellation_refers check ((kind = 'cancellation') = (cancels_id is not null))
);

-- Newest first is id descending (the primary key). Search: number and customer name, any case.
create index invoices_recipient_name_trgm_idx on invoices using gin (lower(recipient_name) gin_trgm_ops);
create index invoices_customer_idx on invoices (customer_id);

-- GoBD: an issued invoice is final. Only its payment date may still be recorded, and the foreign
-- keys may let go of a deleted user or customer; it is never deleted. Corrections are
-- cancellation invoices.
create function invoices_issued_final() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'issued invoice % cannot be deleted', old.number using errcode = 'check_violation';
  end if;
  -- Generated columns are left out: a BEFORE trigger sees them unset in NEW, and they follow
  -- from columns compared here anyway.
  if (to_jsonb(new) - array['paid_on', 'updated_at', 'customer_id', 'created_by', 'issued_by', 'recipient_name', 'due_date'])
     is distinct from
     (to_jsonb(old) - array['paid_on', 'updated_at', 'customer_id', 'created_by', 'issued_by', 'recipient_name', 'due_date']) then
    raise exception 'issued invoice % cannot be changed', old.number using errcode = 'check_violation';
  end if;
  return new;
end $$;

create trigger invoices_issued_final before update or delete on invoices
  for each row when (old.state = 'issued') execute function invoices_issued_final();
