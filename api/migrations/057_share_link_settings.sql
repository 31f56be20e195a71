-- The admins' maximum validity of new share links (decision 0096): one row, at most the product's
-- ceiling of 30 days; links made before a lower maximum keep their expiry.
create table share_link_settings (
  only_row boolean primary key default true check (only_row),
  max_days integer not null default 30 check (max_days between 1 and 30),
  updated_at timestamptz,
  updated_by_name text
);
insert into share_link_settings default values;
