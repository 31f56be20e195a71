-- Issue 23: tax cases an auditor accepts, and reset links nobody but the mailbox owner reads.

-- Why a 0 % invoice charges no VAT, as the user picked it (packages/kit/src/invoices.ts,
-- `taxCases`): the e-invoice's VAT category (E, AE, K, G), its VATEX code and the legal note
-- follow from it. Null at any other rate, and on 0 % invoices issued before: those stay coded
-- as they were issued (category E with their free-text reason), since an issued invoice never
-- changes.
alter table invoices add column tax_case text
  check (tax_case in ('small-business', 'reverse-charge', 'intra-community-supply', 'export'));
alter table invoices add constraint invoices_tax_case_at_zero check (tax_case is null or tax_percent = 0);
