-- The customer list is read straight from the database on every page a process does not keep,
-- and kept pages are forgotten, not revised, when a save can show on them
-- (docs/decisions/0060-customer-list-from-the-database-path.md).
--
-- 1. The change notification (`customers:{"op":…,"rows":[…]}`) names each changed row as
--    `[name_lower, status]` (before and after, for an update). It no longer carries an inserted
--    row as the list shows it, nor the transaction (which let a process write each insert into
--    its kept pages exactly once): nothing is written into kept pages any more. Rows are named while they fit NOTIFY's payload (8 000
--    bytes), however many a statement wrote; past that the rows go and every kept page is
--    forgotten. So the number of creates one statement groups is free of this trigger.
create or replace function notify_customers_changed() returns trigger language plpgsql as $$
declare
  changed_rows jsonb;
  change jsonb := jsonb_build_object('op', lower(tg_op));
begin
  -- At most 201 rows are read: 200 of the shortest names already pass the payload's bytes.
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_array(name_lower, status)) into changed_rows from (select * from new_rows limit 201) r;
  elsif tg_op = 'UPDATE' then
    select jsonb_agg(jsonb_build_array(name_lower, status)) into changed_rows from (
      select name_lower, status from (select * from old_rows limit 201) o
      union all
      select name_lower, status from (select * from new_rows limit 201) n) r;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_array(name_lower, status)) into changed_rows from (select * from old_rows limit 201) r;
  end if;
  if changed_rows is not null and jsonb_array_length(changed_rows) <= 200 and octet_length(changed_rows::text) < 7800 then
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
