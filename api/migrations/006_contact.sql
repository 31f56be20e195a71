-- Answered requests are deleted after the retention period (privacy notice); the daily purge
-- finds them by the time they were marked done.
create index contact_requests_done_at_idx on contact_requests (done_at) where is_done;
