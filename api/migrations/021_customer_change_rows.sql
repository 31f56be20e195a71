-- A new customer is written into the list pages an API process keeps,
-- instead of making every process forget them (most searches were misses under the staff's load).
--
-- The customers' change notification (migration 018) becomes an object:
--   customers:{"tx":"<xid8>","op":"insert|update|delete|truncate","rows":[…]}
-- - `tx`: the committing transaction (pg_current_xact_id()). A kept page knows the snapshot it
--   was read in, so a process applies each insert exactly once: not when the page already saw it.
--   The writing process waits for its own notification instead of announcing the change itself.
-- - `rows`: each changed row as `[name_lower, status]` (before and after, for an update), and for
--   an insert a third element, the row as the list shows it (the columns of `listCustomers`'
--   page), so a process can put it on the first pages without a query.
-- Up to 20 rows and 7900 bytes; past that the rows go (an insert first drops the full rows), and
-- without rows every kept page is forgotten, as before.
create or replace function notify_customers_changed() returns trigger language plpgsql as $$
declare
  changed_rows jsonb;
  shown_rows jsonb;
  change jsonb := jsonb_build_object('tx', pg_current_xact_id()::text, 'op', lower(tg_op));
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_array(name_lower, status)), jsonb_agg(jsonb_build_array(name_lower, status,
        jsonb_build_object('id', id, 'name', name, 'email', email, 'phone', phone, 'website', website,
          'notes', notes, 'status', status, 'address', address, 'leitweg_id', leitweg_id)))
      into changed_rows, shown_rows
      from (select * from new_rows limit 21) r;
  elsif tg_op = 'UPDATE' then
    select jsonb_agg(jsonb_build_array(name_lower, status)) into changed_rows from (
      select name_lower, status from (select * from old_rows limit 21) o
      union all
      select name_lower, status from (select * from new_rows limit 21) n) r;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_array(name_lower, status)) into changed_rows from (select * from old_rows limit 21) r;
  end if;
  if shown_rows is not null and jsonb_array_length(shown_rows) <= 20 and octet_length(shown_rows::text) < 7800 then
    change := change || jsonb_build_object('rows', shown_rows);
  elsif changed_rows is not null
    and jsonb_array_length(changed_rows) <= (case when tg_op = 'UPDATE' then 40 else 20 end)
    and octet_length(changed_rows::text) < 7800 then
    change := change || jsonb_build_object('rows', changed_rows);
  end if;
  perform pg_notify('klarwerk_table_changed', 'customers:' || change::text);
  return null;
end $$;

-- The dashboard's open requests are kept in memory by each API process too (contact-requests/
-- store.ts), until contact_requests changes: a new request, one marked done or answered, the
-- retention's deletes. Its notification is the table's name (migration 007's function).
create trigger contact_requests_changed after insert or update or delete or truncate on contact_requests
  for each statement execute function notify_table_changed();
