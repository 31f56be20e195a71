-- The audit chain is linked at commit, not when the event is written.
--
-- audit_append (migration 019) locked the chain's head row when a transaction wrote its event and
-- kept it until that transaction ended, so every data-changing transaction of the deployment held
-- the one lock across its remaining round trips to the API process (the next statement, COMMIT).
-- Under the staff's mixed load the creates queued behind each other on it (64 ms p50 for a 2 ms
-- insert on an idle machine) and held pool connections the searches needed.
--
-- Now audit_append only stages the event in audit_pending. A deferred constraint trigger links
-- each staged event when its transaction commits, inside the server: it locks the head, gives the
-- event its seq, time and hash, moves it to audit_events and drops the staged row. The head is
-- then held from that trigger to the end of the commit only, with no round trip to a client.
-- An event still exists exactly when its change does (both commit or neither), the chain still
-- has one order and no gaps, and the times still follow seq (the clock is read under the lock).

create table audit_pending (
  -- The order of a transaction's events.
  id bigint generated always as identity primary key,
  retention_class text not null,
  actor_kind text not null,
  actor_id integer,
  actor_name text not null,
  client_address text,
  action text not null,
  object_type text not null,
  object_id text,
  fields text[] not null,
  changes jsonb
);

create function audit_link_pending() returns trigger language plpgsql as $$
declare
  head audit_chain;
  e audit_events;
begin
  select * into strict head from audit_chain for update;
  e.seq := head.last_seq + 1;
  e.occurred_at := clock_timestamp();
  e.retention_class := new.retention_class;
  e.actor_kind := new.actor_kind;
  e.actor_id := new.actor_id;
  e.actor_name := new.actor_name;
  e.client_address := new.client_address;
  e.action := new.action;
  e.object_type := new.object_type;
  e.object_id := new.object_id;
  e.fields := new.fields;
  e.changes := new.changes;
  e.prev_hash := head.last_hash;
  e.hash := audit_hash(e);
  insert into audit_events values (e.*);
  update audit_chain set last_seq = e.seq, last_hash = e.hash;
  delete from audit_pending where id = new.id;
  return null;
end $$;

create constraint trigger audit_pending_link
  after insert on audit_pending
  deferrable initially deferred
  for each row execute function audit_link_pending();

-- The event's seq is only known at commit now: audit_append returns nothing.
drop function audit_append(text, text, integer, text, text, text, text, text, text[], jsonb);

create function audit_append(
  p_retention_class text,
  p_actor_kind text,
  p_actor_id integer,
  p_actor_name text,
  p_client_address text,
  p_action text,
  p_object_type text,
  p_object_id text,
  p_fields text[],
  p_changes jsonb
) returns void language sql as $$
  insert into audit_pending (
    retention_class, actor_kind, actor_id, actor_name, client_address, action, object_type,
    object_id, fields, changes
  ) values (
    p_retention_class, p_actor_kind, p_actor_id, p_actor_name, p_client_address, p_action,
    p_object_type, p_object_id, coalesce(p_fields, '{}'), p_changes
  )
$$;
