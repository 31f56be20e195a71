-- Exact counts of open and done contact requests for the dashboard's counters, kept by triggers in
-- the same transaction as every change. Counting the rows instead costs a scan that grows with
-- every request ever answered (100 000 done: ~5-10 ms per dashboard load); this is one row.
-- Statement-level triggers with transition tables: a bulk insert updates the counts once.
create table contact_request_counts (
  singleton boolean primary key default true check (singleton),
  open bigint not null,
  done bigint not null
);

insert into contact_request_counts (open, done)
select count(*) filter (where not is_done), count(*) filter (where is_done) from contact_requests;

create function contact_request_counts_apply(open_delta bigint, done_delta bigint) returns void
language sql as $$
  update contact_request_counts set open = open + open_delta, done = done + done_delta
  where open_delta <> 0 or done_delta <> 0
$$;

create function contact_request_counts_on_insert() returns trigger language plpgsql as $$
begin
  perform contact_request_counts_apply(
    (select count(*) filter (where not is_done) from inserted),
    (select count(*) filter (where is_done) from inserted));
  return null;
end $$;

create function contact_request_counts_on_delete() returns trigger language plpgsql as $$
begin
  perform contact_request_counts_apply(
    -(select count(*) filter (where not is_done) from deleted),
    -(select count(*) filter (where is_done) from deleted));
  return null;
end $$;

create function contact_request_counts_on_update() returns trigger language plpgsql as $$
declare
  change bigint;
begin
  -- Rows that turned done count +1, rows that turned open (not a product path) count -1.
  select coalesce(sum(case when new_row.is_done then 1 else -1 end), 0) into change
  from before_update old_row join after_update new_row using (id)
  where old_row.is_done is distinct from new_row.is_done;
  if change <> 0 then
    perform contact_request_counts_apply(-change, change);
  end if;
  return null;
end $$;

create function contact_request_counts_on_truncate() returns trigger language plpgsql as $$
begin
  update contact_request_counts set open = 0, done = 0;
  return null;
end $$;

create trigger contact_request_counts_insert after insert on contact_requests
  referencing new table as inserted for each statement execute function contact_request_counts_on_insert();
create trigger contact_request_counts_delete after delete on contact_requests
  referencing old table as deleted for each statement execute function contact_request_counts_on_delete();
create trigger contact_request_counts_update after update on contact_requests
  referencing old table as before_update new table as after_update
  for each statement execute function contact_request_counts_on_update();
create trigger contact_request_counts_truncate after truncate on contact_requests
  for each statement execute function contact_request_counts_on_truncate();
