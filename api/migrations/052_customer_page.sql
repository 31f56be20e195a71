-- The page of one customer (/customers/:id, docs/decisions/0095-customer-page.md): the people
-- there (Ansprechpartner), free tags the list filters by, and what staff log about the customer
-- (notes, calls, meetings). Each goes with its customer (on delete cascade) and is personal data
-- the Datenschutz case finds, the Auskunft exports and the erasure handles (privacy/catalogue.ts).

create table customer_contacts (
  id bigint generated always as identity primary key,
  customer_id bigint not null references customers (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 200),
  role text check (char_length(role) <= 100),
  email text check (char_length(email) <= 254),
  phone text check (char_length(phone) <= 40),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  created_by bigint references users (id) on delete set null,
  created_by_name text
);

create index customer_contacts_customer_idx on customer_contacts (customer_id, id);
-- The timeline's mails and contact requests, and the privacy search, find a contact by address.
create index customer_contacts_email_idx on customer_contacts (lower(email)) where email is not null;

create table customer_tags (
  customer_id bigint not null references customers (id) on delete cascade,
  tag text not null check (char_length(tag) between 1 and 40),
  created_at timestamptz not null default now(),
  primary key (customer_id, tag)
);

-- The list filtered by a tag reads its customers newest first from here.
create index customer_tags_tag_idx on customer_tags (tag, customer_id desc);

create table customer_activities (
  id bigint generated always as identity primary key,
  customer_id bigint not null references customers (id) on delete cascade,
  kind text not null check (kind in ('note', 'call', 'meeting')),
  body text not null check (char_length(body) between 1 and 5000),
  happened_at timestamptz not null default now(),
  author_id bigint references users (id) on delete set null,
  -- The name at that moment; stays when the account is deleted.
  author_name text
);

create index customer_activities_customer_idx on customer_activities (customer_id, happened_at desc, id desc);

-- Today's notes become the first entry of each customer's timeline, dated and signed by the last
-- save. The field itself stays: the list's „Notizen“ column and the dialog show it as before.
insert into customer_activities (customer_id, kind, body, happened_at, author_id, author_name)
select id, 'note', left(btrim(notes), 5000), updated_at, updated_by, updated_by_name
from customers
where notes is not null and btrim(notes) <> ''
order by id;

-- The timeline reads mails and contact requests by address.
create index if not exists outbox_to_address_lower_idx on outbox (lower(to_address));
create index if not exists contact_requests_email_lower_idx on contact_requests (lower(email));
