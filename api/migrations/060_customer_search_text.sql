-- The customer list finds a customer by what staff know of it (issue 49, item 3): the name, the
-- e-mail, the phone (digits only compared), the Kundennummer (the DATEV Debitor), an
-- Ansprechpartner's name, e-mail or phone, and a tag. All of it is one lower-cased text per
-- customer, `search_lower`, which the list's search matches with LIKE '%…%' from one trigram
-- index, exactly as it matched `name_lower` (docs/decisions/0100-customer-search-fields.md).
--
-- `related_search` holds what other tables add (Ansprechpartner and tags), kept by their
-- triggers below; `search_lower` is generated from it and the customer's own fields, so a
-- customer's save pays no trigger, and a change to a contact or tag is an update of its customer,
-- which the change notification (migration 033) names like any other.

alter table customers add column related_search text not null default '';

-- What contacts and tags add: each contact's name, e-mail and phone, then the tags, lower-cased,
-- one per line.
create or replace function customer_related_search(customer bigint) returns text
language sql stable as $$
  select coalesce((
    select string_agg(lower(c.name) || chr(10) || coalesce(lower(c.email), '') || chr(10) || coalesce(lower(c.phone), ''),
      chr(10) order by c.id)
    from customer_contacts c where c.customer_id = customer), '')
  || chr(10) ||
  coalesce((
    select string_agg(lower(t.tag), chr(10) order by t.tag)
    from customer_tags t where t.customer_id = customer), '')
$$;

-- The text a search matches: the fields one per line, lower-cased; then the same lines with
-- nothing but their digits; then those digits once more with a German number written
-- internationally („+49 (0)351 4711“, „+49 (0351) 4711“, „0049 351 4711“) as dialled at home
-- („0351 4711“; a number never goes on with a 0 after the country code, so one is dropped). A term
-- that reads as a phone number is matched by its digits alone (`searchNeedle` in
-- customers/store.ts); whatever its raw form would find in a field, its digits find in that
-- field's digits, so nothing the raw form finds is lost. Only built-in functions here: a restore
-- (pg_restore, with an empty search_path) computes this column while it loads the rows.
create or replace function customer_search_text(
  name text, email text, phone text, debitor_number integer, related_search text
) returns text language sql immutable parallel safe as $$
  select fields || chr(10) || regexp_replace(fields, '[^0-9' || chr(10) || ']', '', 'g') || chr(10)
    || regexp_replace(regexp_replace(fields, '^\s*(\+|00)\s*49\s*\(?0?\)?\s*', '0', 'gn'),
      '[^0-9' || chr(10) || ']', '', 'g')
  from (select lower(name) || chr(10) || coalesce(lower(email), '') || chr(10) || coalesce(lower(phone), '')
    || chr(10) || coalesce(debitor_number::text, '') || chr(10) || related_search as fields) f
$$;

update customers c set related_search = customer_related_search(c.id)
where exists (select 1 from customer_contacts where customer_id = c.id)
   or exists (select 1 from customer_tags where customer_id = c.id);

alter table customers add column search_lower text generated always as (
  customer_search_text(name, email, phone, debitor_number, related_search)
) stored;

create or replace function refresh_customer_related_search() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update customers set related_search = customer_related_search(old.customer_id)
    where id = old.customer_id and related_search is distinct from customer_related_search(old.customer_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.customer_id <> old.customer_id) then
    update customers set related_search = customer_related_search(new.customer_id)
    where id = new.customer_id and related_search is distinct from customer_related_search(new.customer_id);
  end if;
  return null;
end $$;

create trigger customer_contacts_search after insert or update or delete on customer_contacts
  for each row execute function refresh_customer_related_search();
create trigger customer_tags_search after insert or update or delete on customer_tags
  for each row execute function refresh_customer_related_search();

-- The search reads this index as it read the name's; the name's own index serves nothing now.
create index customers_search_trgm_idx on customers using gin (search_lower gin_trgm_ops);
drop index if exists customers_name_trgm_idx;
alter table customers alter column search_lower set statistics 1000;

-- The change notification names each row by its search text, not its name: a kept page of a
-- search is forgotten (or takes a new customer in) when the text it matches changes.
create or replace function notify_customers_changed() returns trigger language plpgsql as $$
declare
  changed_rows jsonb;
  shown_rows jsonb;
  change jsonb := jsonb_build_object('op', lower(tg_op));
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_array(search_lower, status)), jsonb_agg(jsonb_build_array(search_lower, status,
        jsonb_build_object('id', id, 'name', name, 'email', email, 'phone', phone, 'website', website,
          'notes', notes, 'status', status, 'address', address, 'leitweg_id', leitweg_id,
          'debitor_number', debitor_number)))
      into changed_rows, shown_rows
      from (select * from new_rows limit 201) r;
  elsif tg_op = 'UPDATE' then
    select jsonb_agg(jsonb_build_array(search_lower, status)) into changed_rows from (
      select search_lower, status from (select * from old_rows limit 201) o
      union all
      select search_lower, status from (select * from new_rows limit 201) n) r;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_array(search_lower, status)) into changed_rows from (select * from old_rows limit 201) r;
  end if;
  if shown_rows is not null and jsonb_array_length(shown_rows) <= 200 and octet_length(shown_rows::text) < 7800 then
    change := change || jsonb_build_object('rows', shown_rows);
  elsif changed_rows is not null and jsonb_array_length(changed_rows) <= 200 and octet_length(changed_rows::text) < 7800 then
    change := change || jsonb_build_object('rows', changed_rows);
  end if;
  perform pg_notify('klarwerk_table_changed', 'customers:' || change::text);
  return null;
end $$;

analyze customers;
