-- The erasure ledger: one entry per erasure (a person's request, or the retention of answered
-- contact requests), written in the transaction that erases. It names what went (tables and row
-- ids, blob ids per area) and, for the person, only the SHA-256 of the lower-cased address. A
-- restore of an older set replays every entry before the restored product serves anyone, so an
-- erasure does not come back with a backup (docs/decisions/0058-erasure-ledger.md).
--
-- The id is a random uuid, not a sequence: a restored older database would hand out a sequence's
-- numbers again, while entries from after the set (kept in DATA_DIR/erasure-ledger.jsonl and in
-- the database restored over) must stay told apart. entry_sha256 covers every field, so a damaged
-- entry is found and stops the restore instead of being skipped.
create table erasure_ledger (
  id uuid primary key,
  erased_at timestamptz not null,
  reason text not null check (reason in ('request', 'retention')),
  -- SHA-256 (hex) of the address, trimmed, NFC and lower-cased; null when no address was known.
  address_sha256 text check (address_sha256 ~ '^[0-9a-f]{64}$'),
  -- The privacy case that asked for it (reason 'request'); no foreign key: the case may go first.
  case_id bigint,
  -- [{ "table": "contact_requests", "ids": [1, 2] }, { "table": "customers", "ids": [7],
  --   "set": { "email": null } }]: rows deleted, or (with "set") kept and overwritten.
  erased_rows jsonb not null check (jsonb_typeof(erased_rows) = 'array'),
  -- [{ "area": "files", "id": "<32 hex>" }]: blobs removed from the store.
  erased_blobs jsonb not null default '[]' check (jsonb_typeof(erased_blobs) = 'array'),
  entry_sha256 text not null check (entry_sha256 ~ '^[0-9a-f]{64}$')
);

create index erasure_ledger_erased_at_idx on erasure_ledger (erased_at, id);

-- Append-only: an entry that could be changed or removed could bring erased data back.
create function erasure_ledger_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'erasure_ledger is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
end $$;

create trigger erasure_ledger_append_only
  before update or delete on erasure_ledger
  for each row execute function erasure_ledger_refuse_change();

create trigger erasure_ledger_no_truncate
  before truncate on erasure_ledger
  for each statement execute function erasure_ledger_refuse_change();
