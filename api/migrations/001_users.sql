-- Accounts of the portal. E-mail addresses are stored lower-cased and unique regardless of case.
create table users (
  id bigint generated always as identity primary key,
  name text not null,
  email text not null,
  password_hash text not null,
  created_at timestamptz not null default now()
);

create unique index users_email_key on users (lower(email));
