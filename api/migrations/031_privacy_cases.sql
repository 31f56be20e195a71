-- A data-protection request (Art. 15 / Art. 17 DSGVO) as an admin records it. The due date is
-- stored as the API computed it (one month, clamped to the month's end: the kit's
-- privacyDueDate), so a later change of that rule never moves the deadline of a case already
-- opened. The address is kept as typed; the search compares it case-insensitively.
create table privacy_cases (
  id bigint generated always as identity primary key,
  email text not null check (char_length(email) between 3 and 254),
  name text check (name is null or char_length(name) between 1 and 120),
  kind text not null check (kind in ('access', 'erasure', 'both')),
  received_on date not null,
  due_on date not null,
  status text not null default 'open' check (status in ('open', 'in_progress', 'done')),
  notes text not null default '' check (char_length(notes) <= 5000),
  created_at timestamptz not null default now(),
  created_by bigint references users (id) on delete set null,
  created_by_name text,
  updated_at timestamptz not null default now(),
  constraint privacy_cases_due_after_receipt check (due_on > received_on)
);

create index privacy_cases_due_idx on privacy_cases (status, due_on, id);
