-- Zahlungserinnerung und Mahnungen (docs/decisions/0090-payment-reminders.md): the Mahnwesen
-- settings, the Basiszinssatz by date, and each invoice's reminders with their stored PDF.

-- One row, absent until an admin first saves: the API then answers the defaults (the kit's
-- defaultReminderSettings). Fees per level in cents; default interest in percentage points above
-- the Basiszinssatz (§ 288 Abs. 1 and 2 BGB: 5 for consumers, 9 between businesses).
create table reminder_settings (
  singleton boolean primary key default true check (singleton),
  fee_reminder_cents integer not null check (fee_reminder_cents between 0 and 100000),
  fee_first_cents integer not null check (fee_first_cents between 0 and 100000),
  fee_second_cents integer not null check (fee_second_cents between 0 and 100000),
  points_business numeric(5, 2) not null check (points_business between 0 and 30),
  points_consumer numeric(5, 2) not null check (points_consumer between 0 and 30),
  flat_fee boolean not null,
  reminder_interest boolean not null,
  deadline_days smallint not null check (deadline_days between 1 and 60),
  updated_at timestamptz not null default now(),
  updated_by bigint references users (id) on delete set null
);

-- The Basiszinssatz (§ 247 BGB) from each date on; the Bundesbank publishes it for 1 January and
-- 1 July. Seeded with the published rates since 2023; admins add later ones (never invented here).
create table base_rates (
  valid_from date primary key,
  rate_percent numeric(5, 2) not null check (rate_percent between -10 and 20),
  created_at timestamptz not null default now(),
  created_by bigint references users (id) on delete set null
);

insert into base_rates (valid_from, rate_percent) values
  ('2023-01-01', 1.62),
  ('2023-07-01', 3.12),
  ('2024-01-01', 3.62),
  ('2024-07-01', 3.37),
  ('2025-01-01', 2.27),
  ('2025-07-01', 1.27);

-- A reminder of an issued invoice: level 1 Zahlungserinnerung, 2 „1. Mahnung“, 3 „2. Mahnung“, in
-- order, each once. Its id comes from the invoices' own sequence, so that invoice PDFs and
-- reminder PDFs (one blob store, one area "invoices") share one id space for the scrub and the
-- backup's manifest, which name a blob by its area and row id.
create table invoice_reminders (
  id bigint primary key default nextval('invoices_id_seq'),
  -- Goes with its invoice: deleted only when the invoice is (retention after a restriction ended).
  invoice_id bigint not null references invoices (id) on delete cascade,
  level smallint not null check (level between 1 and 3),
  reminded_on date not null,
  -- The new payment deadline the letter names.
  pay_by date not null,
  consumer boolean not null,
  open_cents bigint not null check (open_cents > 0),
  fee_cents bigint not null check (fee_cents >= 0),
  -- The Verzugspauschale (§ 288 Abs. 5 BGB), charged once per invoice from the 1. Mahnung on.
  flat_fee_cents bigint not null check (flat_fee_cents >= 0),
  -- Fees and the flat fee of the invoice's earlier reminders, carried forward.
  earlier_costs_cents bigint not null check (earlier_costs_cents >= 0),
  interest_cents bigint not null check (interest_cents >= 0),
  interest_points numeric(5, 2),
  -- [{ "from", "to", "days", "basePercent", "ratePercent" }]: the periods between base-rate changes.
  interest_periods jsonb not null default '[]',
  total_cents bigint not null,
  pdf_blob text not null,
  pdf_size bigint not null,
  pdf_sha256 text not null,
  created_at timestamptz not null default now(),
  created_by bigint references users (id) on delete set null,
  created_by_name text,
  -- Sending by e-mail (the outbox) records when and to whom; null until sent.
  sent_at timestamptz,
  sent_to text,
  constraint invoice_reminders_level_once unique (invoice_id, level)
);

-- A reminder is a letter sent: its amounts and PDF never change. Only the sending may be recorded.
create function invoice_reminders_final() returns trigger language plpgsql as $$
begin
  if (to_jsonb(new) - 'sent_at' - 'sent_to' - 'created_by') is distinct from (to_jsonb(old) - 'sent_at' - 'sent_to' - 'created_by') then
    raise exception 'reminder % cannot be changed', old.id using errcode = 'check_violation';
  end if;
  return new;
end $$;

create trigger invoice_reminders_final before update on invoice_reminders
  for each row execute function invoice_reminders_final();
