-- Counters of the per-address and per-account limits (api/src/http/rate-limit.ts), shared by every
-- API process so that a limit holds per deployment. Unlogged: a counter is not worth a WAL write,
-- and after a database crash starting afresh is what a lost window means anyway.
create unlogged table rate_limit_counters (
  limit_name text not null,
  key text not null,
  events integer not null check (events >= 0),
  window_ends timestamptz not null,
  primary key (limit_name, key)
);

-- The periodic clean-up finds ended windows by their end.
create index rate_limit_counters_window_ends_idx on rate_limit_counters (window_ends);
