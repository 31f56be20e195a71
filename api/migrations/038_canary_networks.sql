-- A canary is decided by networks, not by visitor ids (docs/decisions/0067-canary-networks.md): a
-- stranger made up any number of visitor ids from one address. A counted visit is now a network
-- (a keyed pseudonym of the IPv4 /24 or IPv6 /64 its ticket was issued to) per release and hour.
-- The visits counted so far name visitors, which cannot be turned into networks: a running canary
-- starts counting afresh, as do the tickets (signed under a new key label; an old one counts no more).
delete from canary_visits;
alter table canary_visits drop constraint canary_visits_pkey;
alter table canary_visits rename column visitor to network;
alter table canary_visits add primary key (release_id, network, window_start);
