-- The customer list keeps no pages in the API processes any more (decision 0101): every list
-- page and search is one bounded statement, read every time. What that leaves a save to do:
--
-- 1. Nothing to announce for the list. The customers' change notification (migrations 018, 021,
--    033, 036, 060: the changed rows' search text, status and shown columns, for the kept pages)
--    went out with every create, update and delete, and a NOTIFY takes a lock every notifying
--    commit of the cluster passes one at a time, held through the commit's WAL flush: no two
--    creates shared a flush. Only the dashboard's kept open requests still copy from customers
--    (a request's customer's name), so a rename, a delete or a truncate tells them, with the
--    table's name alone (migration 007's function); a create or any other change sends nothing.
drop trigger customers_changed_insert on customers;
drop trigger customers_changed_update on customers;
drop trigger customers_changed_delete on customers;
drop trigger customers_changed_truncate on customers;
drop function notify_customers_changed();

create trigger customers_renamed after update of name on customers
  for each row when (old.name is distinct from new.name) execute function notify_table_changed();
create trigger customers_deleted after delete on customers
  for each statement execute function notify_table_changed();
create trigger customers_truncated after truncate on customers
  for each statement execute function notify_table_changed();

-- 2. Counts that do not make writers take turns. customer_counts (migration 018) had one row per
--    status, so every create of a status waited at that row for the commit of the one before it
--    (a lock held through its flush). Each status now has eight rows (slots); a statement adds
--    to the slot of its database session (pg_backend_pid() % 8), so writers on different
--    connections seldom meet, and one transaction's deltas still go to one slot in the order of
--    the status (no deadlock). The list's count is the sum of a status's slots, as it was the
--    sum of one row.
alter table customer_counts add column slot smallint not null default 0;
alter table customer_counts drop constraint customer_counts_pkey;
alter table customer_counts add primary key (status, slot);
insert into customer_counts (status, slot, customers)
select status, slot, 0
from (select distinct status from customer_counts) statuses cross join generate_series(1, 7) as slot;
alter table customer_counts alter column slot drop default;

create or replace function customer_counts_apply(deltas jsonb) returns void language plpgsql as $$
declare
  change record;
  own_slot smallint := pg_backend_pid() % 8;
begin
  for change in
    select key as status, value::bigint as delta from jsonb_each_text(deltas) where value::bigint <> 0 order by key
  loop
    update customer_counts set customers = customers + change.delta
    where status = change.status and slot = own_slot;
  end loop;
end $$;
