-- The DATEV export (docs/decisions/0064-datev-export.md): the settings the Steuerberater's
-- Buchungsstapel needs, and a Debitor number per customer, the account its invoices are booked to.

-- One row, absent until an admin first saves: the API then answers the defaults (SKR03, its
-- revenue accounts, Sachkontenlänge 4, the fiscal year starting in January). The revenue
-- accounts per tax case are `{ "standard19": "8400", … }` (the kit's datevRevenueKeys).
create table datev_settings (
  singleton boolean primary key default true check (singleton),
  consultant_number integer check (consultant_number between 1001 and 9999999),
  client_number integer check (client_number between 1 and 99999),
  chart text not null check (chart in ('SKR03', 'SKR04')),
  account_length smallint not null check (account_length between 4 and 8),
  fiscal_year_start_month smallint not null check (fiscal_year_start_month between 1 and 12),
  revenue_accounts jsonb not null,
  collective_debtor integer not null,
  updated_at timestamptz not null default now(),
  updated_by bigint references users (id) on delete set null
);

-- Debitor numbers from 10000 on (with Sachkontenlänge 4, DATEV's Debitoren are 10000–69999):
-- the existing customers numbered in the order they were created, every new one by the default.
create sequence customer_debitor_numbers minvalue 10000 start with 10000;
alter table customers add column debitor_number integer;
update customers set debitor_number = numbered.number
  from (select id, 9999 + row_number() over (order by id) as number from customers) numbered
  where customers.id = numbered.id;
select setval('customer_debitor_numbers', coalesce(max(debitor_number), 10000), max(debitor_number) is not null)
  from customers;
alter table customers alter column debitor_number set default nextval('customer_debitor_numbers');
alter table customers alter column debitor_number set not null;
alter table customers add constraint customers_debitor_number_unique unique (debitor_number);
alter sequence customer_debitor_numbers owned by customers.debitor_number;

-- The change notification names a new row as a list page shows it (migration 033), now with its
-- Debitor number, so that a kept first page that takes the row in shows it too.
create or replace function notify_customers_changed() returns trigger language plpgsql as $$
declare
  changed_rows jsonb;
  shown_rows jsonb;
  change jsonb := jsonb_build_object('op', lower(tg_op));
begin
  -- At most 201 rows are read: 200 of the shortest names already pass the payload's bytes.
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_array(name_lower, status)), jsonb_agg(jsonb_build_array(name_lower, status,
        jsonb_build_object('id', id, 'name', name, 'email', email, 'phone', phone, 'website', website,
          'notes', notes, 'status', status, 'address', address, 'leitweg_id', leitweg_id,
          'debitor_number', debitor_number)))
      into changed_rows, shown_rows
      from (select * from new_rows limit 201) r;
  elsif tg_op = 'UPDATE' then
    select jsonb_agg(jsonb_build_array(name_lower, status)) into changed_rows from (
      select name_lower, status from (select * from old_rows limit 201) o
      union all
      select name_lower, status from (select * from new_rows limit 201) n) r;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_array(name_lower, status)) into changed_rows from (select * from old_rows limit 201) r;
  end if;
  if shown_rows is not null and jsonb_array_length(shown_rows) <= 200 and octet_length(shown_rows::text) < 7800 then
    change := change || jsonb_build_object('rows', shown_rows);
  elsif changed_rows is not null and jsonb_array_length(changed_rows) <= 200 and octet_length(changed_rows::text) < 7800 then
    change := change || jsonb_build_object('rows', changed_rows);
  end if;
  perform pg_notify('klarwerk_table_changed', 'customers:' || change::text);
  return null;
end $$;
