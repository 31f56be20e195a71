-- A browser that signed in before (its known-device cookie) passes the account's sign-in limit.
-- Its cookie's signature covers this number (and the password hash): an admin who counts it up
-- makes every such cookie of the account a stranger's, as a password change does.
alter table users add column known_devices_generation integer not null default 0;
