-- Documents by mail, wired (docs/decisions/0079-documents-by-mail.md, 0080, 0090).
--
-- Recurring invoices' „ausstellen und senden“: a run moves issued → sent in the transaction that
-- writes its mail to the outbox (row lock, `where state = 'issued'`), so it is sent once. A run
-- that cannot be sent keeps `issued` with the reason shown on the screen (German, e.g. „keine
-- E-Mail-Adresse beim Kunden“); the job does not try it again.
alter table recurring_invoice_runs add column send_note text check (char_length(send_note) <= 500);
