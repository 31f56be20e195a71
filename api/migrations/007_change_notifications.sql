-- Tells every API process when customers or users change, so each may keep answers in memory
-- (customer list pages, the signed-in user) until then: NOTIFY is sent on commit, from whichever
-- process (or psql session) made the change. One statement-level trigger per table: a bulk
-- change notifies once. The payload is the table's name.
create function notify_table_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('klarwerk_table_changed', tg_table_name);
  return null;
end $$;

create trigger customers_changed after insert or update or delete or truncate on customers
  for each statement execute function notify_table_changed();
create trigger users_changed after insert or update or delete or truncate on users
  for each statement execute function notify_table_changed();
