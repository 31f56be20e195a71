-- Tax cases an auditor accepts, and reset links nobody but the mailbox owner reads.

-- Why a 0 % invoice charges no VAT, as the user picked it (packages/kit/src/invoices.ts,
-- `taxCases`): the e-invoice's VAT category (E, AE, K, G), its VATEX code and the legal note
-- follow from it. Null at any other rate, and on 0 % invoices issued before: those stay coded
-- as they were issued (category E with their free-text reason), since an issued invoice never
-- changes.
alter table invoices add column tax_case text
  check (tax_case in ('small-business', 'reverse-charge', 'intra-community-supply', 'export'));
alter table invoices add constraint invoices_tax_case_at_zero check (tax_case is null or tax_percent = 0);

-- A reset mail waits in the outbox without its link: the delivery worker makes the token when it
-- sends the mail (api/src/modules/password-reset/links.ts), so neither the outbox nor "Erneut
-- senden" ever shows a working link; migration 013 kept only the token's hash, yet the mail's
-- text held the token itself. This names the account the link is made for.
alter table outbox add column reset_user_id bigint references users (id) on delete cascade;

update outbox set reset_user_id = users.id
from users
where outbox.kind = 'password-reset' and lower(users.email) = lower(outbox.to_address);

-- Mails written before: their links leave the stored text (a mail still waiting goes out with a
-- fresh link); those of accounts that no longer exist go.
update outbox set
  text_body = regexp_replace(text_body, 'token=[A-Za-z0-9_-]+', 'token=(entfernt)', 'g'),
  html_body = regexp_replace(html_body, 'token=[A-Za-z0-9_-]+', 'token=(entfernt)', 'g')
where kind = 'password-reset';
delete from outbox where kind = 'password-reset' and reset_user_id is null;

alter table outbox add constraint outbox_reset_names_account
  check ((kind = 'password-reset') = (reset_user_id is not null));
