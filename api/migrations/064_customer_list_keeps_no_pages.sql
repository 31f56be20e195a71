-- The customer list keeps no pages in the API processes any more (decision 0106): every list page
-- and search is one bounded statement, read every time. So a save has nothing to announce for the
-- list. The customers' change notification (migrations 018, 021, 033, 036, 060: the changed rows'
-- search text, status and shown columns, for the kept pages) went out with every create, update and
-- delete, and a NOTIFY takes a lock every notifying commit of the cluster passes one at a time,
-- held through the commit's WAL flush: no two creates shared a flush. Only the dashboard's kept
-- open requests still copy from customers (a request's customer's name), so a rename, a delete or a
-- truncate tells them, with the table's name alone (migration 007's function); a create or any
-- other change sends nothing.
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
