-- The customer list stays fast while staff write.
--
-- 1. How many customers each status has, kept by triggers in the same transaction as every change
--    (as contact_request_counts does for the dashboard): the list without a search counted every
--    row of the primary key or the status index on every page load (100 000 customers: ~5-25 ms);
--    this is six rows. The search's count is capped instead (customers/store.ts).
create table customer_counts (
  status text primary key,
  customers bigint not null
);

insert into customer_counts (status, customers)
select known.status, (select count(*) from customers where customers.status = known.status)
from unnest(array['angerufen', 'in_kontakt', 'keine_rueckmeldung', 'abweisung', 'gespraeche', 'vertrag']) as known(status);

-- Deltas per status, applied in the order of the status: two statements changing the same
-- statuses lock the rows in the same order and so never deadlock.
create function customer_counts_apply(deltas jsonb) returns void language plpgsql as $$
declare
  change record;
begin
  for change in
    select key as status, value::bigint as delta from jsonb_each_text(deltas) where value::bigint <> 0 order by key
  loop
    update customer_counts set customers = customers + change.delta where status = change.status;
  end loop;
end $$;

create function customer_counts_on_insert() returns trigger language plpgsql as $$
begin
  perform customer_counts_apply((select jsonb_object_agg(status, n) from (
    select status, count(*) as n from inserted group by status) counted));
  return null;
end $$;

create function customer_counts_on_delete() returns trigger language plpgsql as $$
begin
  perform customer_counts_apply((select jsonb_object_agg(status, -n) from (
    select status, count(*) as n from deleted group by status) counted));
  return null;
end $$;

create function customer_counts_on_update() returns trigger language plpgsql as $$
begin
  perform customer_counts_apply((select jsonb_object_agg(status, n) from (
    select status, sum(delta) as n from (
      select status, 1 as delta from after_update
      union all
      select status, -1 from before_update
    ) moves group by status) counted));
  return null;
end $$;

create function customer_counts_on_truncate() returns trigger language plpgsql as $$
begin
  update customer_counts set customers = 0;
  return null;
end $$;

create trigger customer_counts_insert after insert on customers
  referencing new table as inserted for each statement execute function customer_counts_on_insert();
create trigger customer_counts_delete after delete on customers
  referencing old table as deleted for each statement execute function customer_counts_on_delete();
create trigger customer_counts_update after update on customers
  referencing old table as before_update new table as after_update
  for each statement execute function customer_counts_on_update();
create trigger customer_counts_truncate after truncate on customers
  for each statement execute function customer_counts_on_truncate();

-- 2. The trigram index takes each new name at once. With GIN's fast update (the default) new
--    entries wait in a pending list until it fills (4 MB) or a vacuum comes, and every search
--    reads that whole list: after 3 000 creates a search with no hit took 2.1 ms instead of 0.1,
--    one for "zahnarzt" 8 ms instead of 6.8. Staff search far more often than they create.
select gin_clean_pending_list('customers_name_trgm_idx'::regclass);
alter index customers_name_trgm_idx set (fastupdate = off);

-- 3. Which customers changed, in the change notification (migration 007 sent only the table's
--    name): `customers:[["<name_lower>","<status>"],…]`, each row before and after the change, so
--    an API process drops only the list pages those rows can be on (a search their name
--    contains, their status or none), not every page. A statement touching more than 20 rows, or
--    names too long for NOTIFY's 8000 bytes, sends the bare name: every page goes.
create function notify_customers_changed() returns trigger language plpgsql as $$
declare
  changed_rows jsonb;
  payload text := 'customers';
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_array(name_lower, status)) into changed_rows from (select * from new_rows limit 21) r;
  elsif tg_op = 'UPDATE' then
    select jsonb_agg(jsonb_build_array(name_lower, status)) into changed_rows from (
      select name_lower, status from (select * from old_rows limit 21) o
      union all
      select name_lower, status from (select * from new_rows limit 21) n) r;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_array(name_lower, status)) into changed_rows from (select * from old_rows limit 21) r;
  end if;
  if changed_rows is not null and jsonb_array_length(changed_rows) <= (case when tg_op = 'UPDATE' then 40 else 20 end)
    and octet_length(changed_rows::text) < 7900 then
    payload := 'customers:' || changed_rows::text;
  end if;
  perform pg_notify('klarwerk_table_changed', payload);
  return null;
end $$;

drop trigger customers_changed on customers;
create trigger customers_changed_insert after insert on customers
  referencing new table as new_rows for each statement execute function notify_customers_changed();
create trigger customers_changed_update after update on customers
  referencing old table as old_rows new table as new_rows for each statement execute function notify_customers_changed();
create trigger customers_changed_delete after delete on customers
  referencing old table as old_rows for each statement execute function notify_customers_changed();
create trigger customers_changed_truncate after truncate on customers
  for each statement execute function notify_customers_changed();
