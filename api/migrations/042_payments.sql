-- Payments received for an issued invoice (docs/decisions/0072-payments-and-open-amount.md): each
-- with its date and amount, partial payments included. An invoice's open amount is its gross total
-- less its payments; `invoices.paid_on` stays the date it was paid in full (the date of the last
-- payment once nothing is open, else null), which the API sets in the transaction that records or
-- deletes a payment, so the status, the Auswertung and the DATEV export read it as before.

create table payments (
  id bigint generated always as identity primary key,
  -- A payment goes with its invoice: deleted only when the invoice is (the retention job, after
  -- an erasure's restriction ended), so a restricted invoice keeps its payments until then.
  invoice_id bigint not null references invoices (id) on delete cascade,
  paid_on date not null,
  amount_cents bigint not null check (amount_cents > 0),
  note text check (note is null or char_length(note) <= 500),
  recorded_at timestamptz not null default now(),
  recorded_by bigint references users (id) on delete set null,
  -- The name at that moment; stays when the account is deleted, as on invoices.
  recorded_by_name text
);

create index payments_invoice_idx on payments (invoice_id, paid_on, id);

-- What must never happen whatever the code does: a payment on a draft or a Stornorechnung, more
-- paid than the invoice's total, a payment changed after the fact (a mistaken one is deleted,
-- audited, and recorded again). The invoice's row lock orders concurrent payments: the second
-- sums after the first committed (each statement of a plpgsql function reads a fresh snapshot).
create function payments_guard() returns trigger language plpgsql as $$
declare
  invoice record;
  paid bigint;
begin
  if tg_op = 'UPDATE' then
    raise exception 'payment % cannot be changed', old.id using errcode = 'check_violation';
  end if;
  select state, kind, total_cents into invoice from invoices where id = new.invoice_id for update;
  if invoice.state is distinct from 'issued' or invoice.kind is distinct from 'invoice' then
    raise exception 'invoice % takes no payments', new.invoice_id using errcode = 'check_violation';
  end if;
  select coalesce(sum(amount_cents), 0) into paid from payments where invoice_id = new.invoice_id;
  if paid + new.amount_cents > invoice.total_cents then
    raise exception 'payment exceeds the open amount of invoice %', new.invoice_id using errcode = 'check_violation';
  end if;
  return new;
end $$;

create trigger payments_guard before insert or update on payments
  for each row execute function payments_guard();

-- The invoices marked paid so far ("Als bezahlt markieren") were paid in full on their date: one
-- payment of the gross total each, recorded by whoever marked it (the latest invoice.paid event of
-- the audit trail, when it still names one) at the invoice's last change. An invoice of 0,00 €
-- has nothing to pay: it keeps its date and no payment.
insert into payments (invoice_id, paid_on, amount_cents, recorded_at, recorded_by, recorded_by_name)
select i.id, i.paid_on, i.total_cents, coalesce(marked.occurred_at, i.updated_at),
  (select u.id from users u where u.id = marked.actor_id), marked.actor_name
from invoices i
left join lateral (
  select e.occurred_at, e.actor_id, e.actor_name from audit_events e
  where e.action = 'invoice.paid' and e.object_type = 'invoice' and e.object_id = i.id::text
    and e.actor_kind = 'user'
  order by e.seq desc limit 1
) marked on true
where i.state = 'issued' and i.kind = 'invoice' and i.paid_on is not null and i.total_cents > 0
order by i.id;
