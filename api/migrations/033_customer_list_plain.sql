-- The customer list is read straight from the database on every page a process does not keep;
-- a kept first page takes a new customer in, every other kept page a save can show on is forgotten
-- (docs/decisions/0060-customer-list-from-the-database-path.md).
--
-- 1. The change notification (`customers:{"op":…,"rows":[…]}`) names each changed row as
--    `[name_lower, status]` (before and after, for an update), an inserted one as
--    `[name_lower, status, {the row as a list page shows it}]`. The transaction is no longer named:
--    a first page takes a row in by its id, so hearing it twice (from its writer, then from its
--    NOTIFY) changes nothing. Rows are named while they fit NOTIFY's payload (7 800 bytes),
--    however many one statement wrote: an insert's shown rows, else their names and statuses,
--    else none (then every kept page is forgotten). So the number of creates one statement
--    groups is free of this trigger.
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
          'notes', notes, 'status', status, 'address', address, 'leitweg_id', leitweg_id)))
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

-- 2. The planner's estimate of a search's share of the rows (`name_lower like '%…%'`) comes from
--    the column's histogram: with 1 000 entries instead of 100 a rare term ("hotel schäfer", 100
--    of 100 000) is estimated as rare and read from the trigram index, not by reading the table
--    backwards for matches that are not there (23 ms where the index takes 1.4).
alter table customers alter column name_lower set statistics 1000;
analyze customers;
