-- Issue 45 (docs/decisions/0066): a Datenschutz case finds its person and nobody else.
--
-- An erasure no longer erases or anonymises someone else's record that merely names the person's
-- address (a colleague's contact request, a customer's notes): it removes the mention. The ledger
-- entry names those rows and columns, never their text; a replay finds the address again by the
-- entry's hash. `[]` for every entry written before.
alter table erasure_ledger add column scrubbed_rows jsonb not null default '[]';

-- When the case's Löschung was carried out (the last time), so that the case says so without a
-- hand edit; a case of kind `erasure` is then done.
alter table privacy_cases add column erased_at timestamptz;
