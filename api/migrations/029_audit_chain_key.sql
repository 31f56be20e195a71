-- The audit chain sealed with a key the database does not hold.
--
-- The chain of migrations 019 and 024 is a plain SHA-256 chain computed by the database: whoever
-- can write to it (the API's own role: it owns the tables and functions and may set
-- klarwerk.audit_purge) can delete an event and re-link the rest with audit_hash(). Now the API
-- seals each linked event with an HMAC-SHA-256 under its audit key (AUDIT_KEY, or one derived from
-- JWT_SECRET): `mac` = HMAC(key, previous mac ‖ seq ‖ hash). The database still links at commit
-- (migration 024: order, no gaps, the head locked only inside the commit); the API seals behind it
-- (`sealAuditTrail`, every API process every few seconds, one at a time: the row of audit_seal).
-- A purge's tombstones carry `purge_mac`, and the anchor a purge leaves is sealed too, so emptying
-- or removing an event without the key is found by verify however the triggers were got round.

alter table audit_events add column mac bytea, add column purge_mac bytea;

create table audit_seal (
  only_row boolean primary key default true check (only_row),
  -- The newest sealed event and its mac: where the next seal goes on.
  sealed_seq bigint not null default 0,
  sealed_mac bytea,
  -- The first seal under a key (null until the API sealed once): events up to cutover_seq were
  -- written before, so their tombstones have no purge_mac. cutover_mac seals the number.
  cutover_seq bigint,
  cutover_mac bytea,
  -- What the first sealed event chains to: the mac of the event before it (a purge removed it)
  -- or, at the cut-over, one derived from the anchor. anchor_seal = HMAC over the anchor's number,
  -- hash and this mac: only the key moves the anchor.
  anchor_mac bytea,
  anchor_seal bytea
);

insert into audit_seal default values;

-- Sealing sets mac once; a purge (its flag) empties content and sets purge_mac once. Neither is a
-- defence against the database's own role (it may disable the trigger): the key is.
create or replace function audit_events_refuse_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.mac is null and new.mac is not null
      and (new.seq, new.occurred_at, new.retention_class, new.actor_kind, new.actor_id, new.actor_name,
        new.client_address, new.action, new.object_type, new.object_id, new.fields, new.changes,
        new.prev_hash, new.hash, new.purged_at, new.purge_mac)
      is not distinct from
        (old.seq, old.occurred_at, old.retention_class, old.actor_kind, old.actor_id, old.actor_name,
        old.client_address, old.action, old.object_type, old.object_id, old.fields, old.changes,
        old.prev_hash, old.hash, old.purged_at, old.purge_mac) then
    return new;
  end if;
  if current_setting('klarwerk.audit_purge', true) = 'on' then
    if tg_op = 'UPDATE' and (new.seq <> old.seq or new.hash <> old.hash or new.prev_hash <> old.prev_hash
        or new.occurred_at <> old.occurred_at or new.retention_class <> old.retention_class
        or new.mac is distinct from old.mac
        or (old.purge_mac is not null and new.purge_mac is distinct from old.purge_mac)) then
      raise exception 'audit_events: a purge only empties an event''s content';
    end if;
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  raise exception 'audit_events is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
end $$;

-- As in migration 019, and: the removed anchor's mac is kept in audit_seal for the API to seal
-- (anchor_seal is emptied until it does, in the same transaction). The flag stays on: the API
-- then writes the tombstones' purge_mac.
create or replace function audit_purge(
  p_books interval,
  p_security interval,
  p_other interval,
  p_today date
) returns bigint language plpgsql as $$
declare
  head audit_chain;
  purged bigint;
  oldest_kept bigint;
  anchor audit_events;
begin
  select * into strict head from audit_chain for update;
  perform set_config('klarwerk.audit_purge', 'on', true);
  update audit_events set
    actor_kind = null, actor_id = null, actor_name = null, client_address = null, action = null,
    object_type = null, object_id = null, fields = null, changes = null, purged_at = clock_timestamp()
  where purged_at is null
    and occurred_at < clock_timestamp() - case retention_class
      when 'books' then p_books when 'security' then p_security else p_other end;
  get diagnostics purged = row_count;
  select min(seq) into oldest_kept from audit_events where purged_at is null;
  select * into anchor from audit_events
    where purged_at is not null and seq < coalesce(oldest_kept, head.last_seq + 1)
    order by seq desc limit 1;
  if anchor.seq is not null then
    delete from audit_events where seq <= anchor.seq;
    update audit_chain set anchor_seq = anchor.seq, anchor_hash = anchor.hash;
    update audit_seal set anchor_mac = anchor.mac, anchor_seal = null;
  end if;
  update audit_chain set last_purge_on = p_today;
  perform audit_append(
    'books', 'system', null, 'System', null, 'audit.purged', 'audit', null, array['purged'],
    jsonb_build_object('purged', jsonb_build_object('before', null, 'after', purged))
  );
  return purged;
end $$;
