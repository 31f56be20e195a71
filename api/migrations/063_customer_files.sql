-- Files of the file area linked to a customer (docs/decisions/0103-customer-files.md): the
-- customer page's timeline lists them, newest first, with who linked them and when. A link is
-- personal data of the customer (it says which documents concern it): it goes with the customer
-- (on delete cascade) and with the file when the file is purged from the Papierkorb (cascade);
-- a file in the Papierkorb keeps its link and is left out of the timeline until it is restored.
create table customer_files (
  -- Its own id, so the erasure ledger can name the row (a restore of an older set deletes it again).
  id bigint generated always as identity primary key,
  customer_id bigint not null references customers (id) on delete cascade,
  file_id bigint not null references files (id) on delete cascade,
  linked_at timestamptz not null default now(),
  linked_by bigint references users (id) on delete set null,
  -- The name at that moment; stays when the account is deleted (as customer_activities.author_name).
  linked_by_name text,
  unique (customer_id, file_id)
);

-- The unique key serves the timeline's read by customer; a file's links are found by this one (a
-- purge's cascade, a person's files in the Datenschutz search).
create index customer_files_file_idx on customer_files (file_id);
