-- An audit trail nobody can quietly change.
--
-- Every staff action (and every sign-in attempt) is one row of audit_events, written by
-- audit_append() in the transaction that makes the change. The rows form one hash chain per
-- deployment: each row's hash is SHA-256 over the previous row's hash and the row's canonical
-- content (audit_canonical). audit_chain holds the chain's head; audit_append locks that one row,
-- so the processes of a deployment append one after another and the chain never forks, and `seq`
-- has no gaps.
--
-- A trigger refuses UPDATE, DELETE and TRUNCATE unless audit_purge() is running: retention
-- empties an expired row's content (a tombstone that keeps seq, time, class and both hashes, so
-- the chain still links), drops tombstones older than every kept row (their last hash becomes the
-- chain's anchor) and records itself as an event.

create table audit_chain (
  only_row boolean primary key default true check (only_row),
  -- The newest event: what the next one chains to.
  last_seq bigint not null default 0,
  last_hash bytea not null default decode(repeat('00', 32), 'hex'),
  -- The hash before the oldest stored event (all zeros until retention removed a first event).
  anchor_seq bigint not null default 0,
  anchor_hash bytea not null default decode(repeat('00', 32), 'hex'),
  -- The day the last purge ran (Germany's date): once a day per deployment.
  last_purge_on date
);

insert into audit_chain default values;

create table audit_events (
  seq bigint primary key,
  occurred_at timestamptz not null,
  -- books: invoices, payments, company settings (10 years); security: sign-ins, accounts,
  -- passwords (1 year); other: the rest (3 years). Part of the hash: it decides when a row may go.
  retention_class text not null check (retention_class in ('books', 'security', 'other')),
  -- Null only in a tombstone (purged_at set).
  actor_kind text check (actor_kind in ('user', 'visitor', 'system')),
  -- No foreign key: a deleted account's events stay, under the name it had then.
  actor_id integer,
  actor_name text,
  client_address text,
  action text,
  object_type text,
  object_id text,
  -- The names of the changed fields.
  fields text[],
  -- Before and after, for invoices, payments, company settings, accounts' role and status:
  -- { "<field>": { "before": …, "after": … } }. Never a password, token, link or file content.
  changes jsonb,
  prev_hash bytea not null,
  hash bytea not null,
  purged_at timestamptz,
  check (purged_at is not null or (actor_kind is not null and actor_name is not null and action is not null))
);

-- The canonical content the hash covers: the jsonb text of one array in a fixed order. jsonb
-- prints deterministically (object keys sorted by length, then bytes; numbers in numeric's
-- canonical form; one space after ',' and ':'), and the time is printed in UTC to the
-- microsecond whatever the session's time zone, so the same row always gives the same text.
create function audit_canonical(e audit_events) returns text language sql stable as $$
  select jsonb_build_array(
    e.seq,
    to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.retention_class,
    e.actor_kind,
    e.actor_id,
    e.actor_name,
    e.client_address,
    e.action,
    e.object_type,
    e.object_id,
    to_jsonb(e.fields),
    e.changes
  )::text
$$;

create function audit_hash(e audit_events) returns bytea language sql stable as $$
  select sha256(e.prev_hash || convert_to(audit_canonical(e), 'UTF8'))
$$;

-- Appends one event to the chain; its seq. The chain head's row lock is held until the calling
-- transaction ends, so call it as late in the transaction as the change allows.
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
) returns bigint language plpgsql as $$
declare
  head audit_chain;
  e audit_events;
begin
  select * into strict head from audit_chain for update;
  e.seq := head.last_seq + 1;
  -- The clock, not the transaction's start: times then follow the chain's order.
  e.occurred_at := clock_timestamp();
  e.retention_class := p_retention_class;
  e.actor_kind := p_actor_kind;
  e.actor_id := p_actor_id;
  e.actor_name := p_actor_name;
  e.client_address := p_client_address;
  e.action := p_action;
  e.object_type := p_object_type;
  e.object_id := p_object_id;
  e.fields := coalesce(p_fields, '{}');
  e.changes := p_changes;
  e.prev_hash := head.last_hash;
  e.hash := audit_hash(e);
  insert into audit_events values (e.*);
  update audit_chain set last_seq = e.seq, last_hash = e.hash;
  return e.seq;
end $$;

create function audit_events_refuse_change() returns trigger language plpgsql as $$
begin
  if current_setting('klarwerk.audit_purge', true) = 'on' then
    if tg_op = 'UPDATE' and (new.seq <> old.seq or new.hash <> old.hash or new.prev_hash <> old.prev_hash
        or new.occurred_at <> old.occurred_at or new.retention_class <> old.retention_class) then
      raise exception 'audit_events: a purge only empties an event''s content';
    end if;
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  raise exception 'audit_events is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
end $$;

create trigger audit_events_append_only
  before update or delete on audit_events
  for each row execute function audit_events_refuse_change();

create function audit_events_refuse_truncate() returns trigger language plpgsql as $$
begin
  raise exception 'audit_events is append-only: TRUNCATE refused' using errcode = 'insufficient_privilege';
end $$;

create trigger audit_events_no_truncate
  before truncate on audit_events
  for each statement execute function audit_events_refuse_truncate();

-- The one way rows change: every event past its class's period becomes a tombstone, tombstones
-- older than every kept event are removed (the newest removed hash becomes the anchor), and the
-- purge is recorded as an event by `System`. The number of events purged.
create function audit_purge(
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
  end if;
  perform set_config('klarwerk.audit_purge', 'off', true);
  update audit_chain set last_purge_on = p_today;
  perform audit_append(
    'books', 'system', null, 'System', null, 'audit.purged', 'audit', null, array['purged'],
    jsonb_build_object('purged', jsonb_build_object('before', null, 'after', purged))
  );
  return purged;
end $$;
