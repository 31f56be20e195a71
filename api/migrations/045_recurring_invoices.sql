-- Wiederkehrende Rechnungen (docs/decisions/0080-recurring-invoices-exactly-once.md): a template
-- per customer that the daily job turns into an invoice every month, quarter or year.
--
-- Exactly once: a run is one row of recurring_invoice_runs, unique per (template, scheduled_on),
-- written in the transaction that makes its invoice; the template's `next_run_on` moves on in
-- that same transaction. A second process (or a restart after a crash in the middle) finds the
-- row and makes nothing, or finds no row and makes the whole run.

create table recurring_invoices (
  id bigint generated always as identity primary key,
  customer_id bigint not null references customers (id) on delete cascade,
  -- The invoice content the runs copy: [{ "description", "quantity", "unitPriceCents" }], as invoices.
  items jsonb not null,
  tax_percent numeric(7, 4) not null default 19,
  payment_term_days integer not null default 14 check (payment_term_days between 0 and 365),
  notes text not null default '' check (char_length(notes) <= 5000),
  frequency text not null check (frequency in ('monthly', 'quarterly', 'yearly')),
  -- The first run's day; its day of the month is the anchor every later run keeps (31 → 28/29 → 31).
  first_on date not null,
  -- The last day a run may be scheduled on (inclusive); null: no end.
  ends_on date,
  -- Which calendar period a run bills: the one its day lies in, or the one before.
  service_period text not null check (service_period in ('current', 'previous')),
  mode text not null check (mode in ('draft', 'issue', 'send')),
  state text not null default 'active' check (state in ('active', 'paused', 'ended')),
  -- The next run's scheduled day (null once no further run is due: past the end, or ended).
  next_run_on date,
  created_at timestamptz not null default now(),
  created_by bigint references users (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint recurring_invoices_end_after_start check (ends_on is null or ends_on >= first_on)
);

create index recurring_invoices_customer_idx on recurring_invoices (customer_id);
-- The daily job's question: which active templates are due.
create index recurring_invoices_due_idx on recurring_invoices (next_run_on, id) where state = 'active';

create table recurring_invoice_runs (
  id bigint generated always as identity primary key,
  template_id bigint not null references recurring_invoices (id) on delete cascade,
  -- The day the run was due (its period's key) and the day it was made (later: caught up).
  scheduled_on date not null,
  made_on date not null,
  period_start date not null,
  period_end date not null,
  -- draft: the invoice is a draft; issued: issued; sent: mailed after issuing (a step of its own).
  state text not null check (state in ('draft', 'issued', 'sent')),
  -- A draft may be deleted (or erased) later; the run stays, without its invoice.
  invoice_id bigint references invoices (id) on delete set null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint recurring_invoice_runs_once unique (template_id, scheduled_on)
);

create index recurring_invoice_runs_invoice_idx on recurring_invoice_runs (invoice_id);
