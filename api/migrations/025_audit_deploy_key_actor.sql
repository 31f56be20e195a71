-- A deploy key acts in the audit trail as itself (a
-- team's release or rollout without an account), so the actor kinds gain `deploy_key`; its
-- actor_id is the key's id (deploy_keys.id), its actor_name the key's name as shown then.
-- The check is the only thing that changes: the chain's hash covers the kind as text.
alter table audit_events drop constraint audit_events_actor_kind_check;
alter table audit_events add constraint audit_events_actor_kind_check
  check (actor_kind in ('user', 'visitor', 'system', 'deploy_key'));
