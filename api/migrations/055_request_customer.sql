-- „Als Kunde übernehmen“ (issue 49, decision 0095): a contact request remembers the customer it
-- was taken over into, created from it or linked to an existing one. The customer's timeline
-- lists it by this link as well as by e-mail address. Deleting the customer (or its
-- anonymisation's erasure) leaves the request without a link; erasing the request takes the link with it.
alter table contact_requests add column customer_id bigint references customers (id) on delete set null;
create index contact_requests_customer_idx on contact_requests (customer_id) where customer_id is not null;
-- The takeover's look-up of an existing customer by e-mail (trimmed, any case).
create index if not exists customers_email_lower_idx on customers (lower(trim(email))) where email is not null;
