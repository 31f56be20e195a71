-- Customers can carry what an invoice to them needs: the postal address (a block of lines, as the
-- invoice form's "Kunde" takes it) and the Leitweg-ID of a public-sector buyer (the buyer
-- reference of an XRechnung).
alter table customers add column address text;
alter table customers add column leitweg_id text;
