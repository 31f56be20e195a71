-- The Protokoll screen's filters, newest first with keyset paging (`seq < last seen`),
-- each an index that hands rows over in seq order, so a page reads about as many rows as it
-- shows even at a million events (bench/audit.ts). The date range uses occurred_at's index
-- (times follow seq: audit_append takes the clock under the chain's lock).
create index audit_events_actor on audit_events (actor_id, seq) where actor_id is not null;
create index audit_events_action on audit_events (action, seq) where action is not null;
create index audit_events_object on audit_events (object_type, object_id, seq) where object_type is not null;
create index audit_events_time on audit_events (occurred_at);
