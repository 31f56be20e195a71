-- A restriction (migration 034) ends: the day after `restricted_until` the retention period of tax
-- law is over, and the daily retention job deletes the invoice, its stored PDF and the restriction
-- (docs/decisions/0063-invoice-retention-and-restriction-release.md). An issued invoice stays
-- undeletable otherwise: the GoBD guard lets a delete through only for an invoice whose
-- restriction ended before today (Germany's calendar day, as the job counts). A cancellation invoice pointing at it goes in the same
-- statement or not at all (its foreign key); the job releases both together.
create or replace function invoices_issued_final() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    if exists (
      select 1 from privacy_restrictions
      where table_name = 'invoices' and row_id = old.id and restricted_until < (now() at time zone 'Europe/Berlin')::date
    ) then
      return old;
    end if;
    raise exception 'issued invoice % cannot be deleted', old.number using errcode = 'check_violation';
  end if;
  if (old.pdf_size is not null and new.pdf_size is distinct from old.pdf_size)
     or (old.pdf_sha256 is not null and new.pdf_sha256 is distinct from old.pdf_sha256) then
    raise exception 'issued invoice % cannot be changed', old.number using errcode = 'check_violation';
  end if;
  -- Generated columns are left out: a BEFORE trigger sees them unset in NEW, and they follow
  -- from columns compared here anyway.
  if (to_jsonb(new) - array['paid_on', 'updated_at', 'customer_id', 'created_by', 'issued_by', 'recipient_name',
                            'due_date', 'pdf_size', 'pdf_sha256'])
     is distinct from
     (to_jsonb(old) - array['paid_on', 'updated_at', 'customer_id', 'created_by', 'issued_by', 'recipient_name',
                            'due_date', 'pdf_size', 'pdf_sha256']) then
    raise exception 'issued invoice % cannot be changed', old.number using errcode = 'check_violation';
  end if;
  return new;
end $$;

-- A restriction is in the erasure ledger too, so a restore of a set taken before it applies it
-- again before anyone is served: [{ "table": "invoices", "id": 7, "until": "2033-12-31" }]. Entries
-- written before this migration restricted nothing. Adding the column fires no row trigger: the
-- ledger stays append-only.
alter table erasure_ledger
  add column restricted_rows jsonb not null default '[]' check (jsonb_typeof(restricted_rows) = 'array');

-- A restriction goes with its row: the job deletes the invoice alone (one ledger row set to
-- replay), and a restore's replay never has to name a restriction by an id the copy handed out anew.
alter table privacy_restrictions
  add constraint privacy_restrictions_invoice foreign key (row_id) references invoices (id) on delete cascade;
