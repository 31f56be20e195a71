import { formatDate, type PrivacyDataKind, type PrivacyHit, type PrivacyMatch, privacyDataKinds } from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import { type AddressMatcher, addressHash, addressMatcher } from "./address.ts";

/** A hit with the row's personal data, as the Auskunft copies it (Art. 15(3)). */
export interface FoundRow extends PrivacyHit {
  data: Record<string, unknown>;
  /** An invoice's restriction (`yyyy-mm-dd`, its last day) when it is already restricted. */
  restrictedUntil?: string | null;
}

export { addressMatcher };

type Row = { id: number } & Record<string, unknown>;

const day = (value: unknown) => formatDate(value as Date);

/**
 * A row the database found (a superset: the address anywhere in it), checked here for the whole
 * address field by field; `related` names the ties to other hits (`customer_id`, …). Null when
 * neither a field nor a tie holds: the row names only a longer address.
 */
function hitOf(
  matcher: AddressMatcher,
  kind: PrivacyDataKind,
  row: Row,
  { searched, related = [], helpers = [] }: { searched: string[]; related?: string[]; helpers?: string[] },
  label: (row: Row) => string,
  mention: (fields: string[]) => boolean = () => false,
): FoundRow | null {
  const matches: PrivacyMatch[] = [];
  for (const field of searched) {
    const value = row[field];
    if (typeof value !== "string") continue;
    for (const address of new Set(matcher.find(value))) matches.push({ field, address });
  }
  const fields = [...new Set(matches.map((match) => match.field)), ...related];
  if (fields.length === 0) return null;
  const { id, ...rest } = row;
  const data = Object.fromEntries(Object.entries(rest).filter(([column]) => !helpers.includes(column)));
  return { kind, id, label: label(row), fields, matches, mention: mention(fields), data };
}

const present = (rows: (FoundRow | null)[]) => rows.filter((row): row is FoundRow => row !== null);

/**
 * Every place the product keeps data naming `address` as a whole address (never the tail or head
 * of a longer one; address.ts): contact requests (address, message, company), the mails
 * (recipients, reply address, subject, text, or written about the person's own request),
 * customers (with their Ansprechpartner, tags and timeline), Ansprechpartner at a customer, invoices (recipient text, notes, a payment's note, issued to the person's own customer, or restricted
 * on a request from this address: the ledger remembers it after the customer was anonymised;
 * with their payments and reminders), recurring invoice templates for such a customer (or whose notes name it),
 * folders and files whose name names the address (and the files inside such folders, and those
 * linked to the person's own customer, decision 0103), accounts
 * with that address and the browser error reports sent under them. A record of someone else that
 * merely names the address is a `mention`. Each kind in the kit's order, oldest first.
 */
export async function searchPerson(sql: Queries, address: string): Promise<FoundRow[]> {
  const matcher = addressMatcher(address);
  const p = matcher.sqlPattern;

  const requests = present(
    (
      await sql<Row[]>`
        select c.id, c.name, c.email, c.company, c.message, c.created_at, c.is_done, c.done_at, c.customer_id,
          (select coalesce(jsonb_agg(jsonb_build_object('message', r.message, 'sent_by_name', r.sent_by_name,
              'created_at', r.created_at) order by r.created_at, r.id), '[]'::jsonb)
            from contact_request_replies r where r.request_id = c.id) as replies
        from contact_requests c
        where c.email ~ ${p} or c.message ~ ${p} or c.company ~ ${p}
        order by c.id`
    ).map((row) =>
      hitOf(
        matcher,
        "contact_request",
        row,
        { searched: ["email", "message", "company"] },
        (found) => `Kontaktanfrage Nr. ${found.id} vom ${day(found.created_at)}`,
        // Another person's request that names the address in its message or company.
        (fields) => !fields.includes("email"),
      ),
    ),
  );
  const ownRequestIds = requests.filter((row) => !row.mention).map((row) => row.id);

  const mails = present(
    (
      await sql<Row[]>`
        select id, kind, to_name, to_address, reply_to_name, reply_to_address, subject, text_body, state,
          created_at, sent_at, contact_request_id
        from outbox
        where to_address ~ ${p} or reply_to_address ~ ${p} or subject ~ ${p} or text_body ~ ${p}
          or contact_request_id = any(${ownRequestIds}::bigint[])
        order by id`
    ).map((row) =>
      hitOf(
        matcher,
        "mail",
        row,
        {
          searched: ["to_address", "reply_to_address", "subject", "text_body"],
          related: ownRequestIds.includes(Number(row.contact_request_id)) ? ["contact_request_id"] : [],
          helpers: ["contact_request_id"],
        },
        (found) => `E-Mail „${found.subject}“ vom ${day(found.created_at)}`,
        // A mail about someone else's request (the notice, a reply) that names the address in its text.
        (fields) =>
          row.contact_request_id !== null &&
          !fields.some((field) => ["to_address", "reply_to_address", "contact_request_id"].includes(field)),
      ),
    ),
  );

  const customers = present(
    (
      await sql<Row[]>`
        select id, name, email, phone, website, address, notes, status, created_at, updated_at,
          (select coalesce(jsonb_agg(jsonb_build_object('name', p.name, 'role', p.role, 'email', p.email,
              'phone', p.phone) order by p.id), '[]'::jsonb)
            from customer_contacts p where p.customer_id = customers.id) as contacts,
          (select coalesce(jsonb_agg(t.tag order by t.tag), '[]'::jsonb)
            from customer_tags t where t.customer_id = customers.id) as tags,
          (select coalesce(jsonb_agg(jsonb_build_object('kind', a.kind, 'text', a.body, 'author', a.author_name,
              'at', a.happened_at) order by a.happened_at, a.id), '[]'::jsonb)
            from customer_activities a where a.customer_id = customers.id) as timeline,
          (select coalesce(jsonb_agg(jsonb_build_object('name', f.original_name, 'linked_by', l.linked_by_name,
              'at', l.linked_at) order by l.linked_at, l.id), '[]'::jsonb)
            from customer_files l join files f on f.id = l.file_id where l.customer_id = customers.id) as files
        from customers
        where email ~ ${p} or notes ~ ${p} or address ~ ${p} or website ~ ${p}
        order by id`
    ).map((row) =>
      hitOf(
        matcher,
        "customer",
        row,
        { searched: ["email", "notes", "address", "website"] },
        (found) => `Kunde „${found.name}“ (Nr. ${found.id})`,
        // A customer with another address (or none) whose notes, street or website name it.
        (fields) => !fields.includes("email"),
      ),
    ),
  );
  const ownCustomerIds = customers.filter((row) => !row.mention).map((row) => row.id);

  // Ansprechpartner (decision 0095): the person as a contact at a customer, found by the address.
  const contacts = present(
    (
      await sql<Row[]>`
        select p.id, c.name as customer_name, p.name, p.role, p.email, p.phone, p.created_at
        from customer_contacts p join customers c on c.id = p.customer_id
        where p.email ~ ${p}
        order by p.id`
    ).map((row) =>
      hitOf(
        matcher,
        "customer_contact",
        row,
        { searched: ["email"] },
        (found) => `Ansprechpartner „${found.name}“ bei Kunde „${found.customer_name}“`,
      ),
    ),
  );

  // Invoices an erasure restricted on a request from this address: found through the ledger
  // (it keeps the address's hash), as the customer they were found through is anonymised.
  const restrictedIds = (
    await sql<{ id: number }[]>`
      select distinct (r.value ->> 'id')::bigint as id
      from erasure_ledger l cross join lateral jsonb_array_elements(l.restricted_rows) r
      where l.address_sha256 = ${addressHash(address)} and r.value ->> 'table' = 'invoices'`
  ).map((row) => Number(row.id));

  const invoices = present(
    (
      await sql<Row[]>`
        select i.id, i.number, i.state, i.kind, i.issue_date::text as issue_date, i.recipient, i.recipient_vat_id,
          i.buyer_reference, i.items, i.total_cents, i.notes, i.paid_on::text as paid_on, i.customer_id,
          r.restricted_until::text as restricted_until,
          -- Its payments (migration 042) go with it: date, amount and note each; a note naming the
          -- address finds the invoice too.
          (select coalesce(jsonb_agg(jsonb_build_object('paid_on', pay.paid_on::text, 'amount_cents', pay.amount_cents,
              'note', pay.note) order by pay.paid_on, pay.id), '[]'::jsonb)
            from payments pay where pay.invoice_id = i.id) as payments,
          -- Its Zahlungserinnerungen and Mahnungen (migration 046): level, date and amounts each.
          (select coalesce(jsonb_agg(jsonb_build_object('level', rem.level, 'reminded_on', rem.reminded_on::text,
              'open_cents', rem.open_cents, 'fee_cents', rem.fee_cents + rem.flat_fee_cents,
              'interest_cents', rem.interest_cents, 'total_cents', rem.total_cents, 'consumer', rem.consumer,
              'sent_to', rem.sent_to) order by rem.level), '[]'::jsonb)
            from invoice_reminders rem where rem.invoice_id = i.id) as reminders,
          (select string_agg(pay.note, e'\n' order by pay.id) from payments pay where pay.invoice_id = i.id)
            as payment_notes
        from invoices i
        left join privacy_restrictions r on r.table_name = 'invoices' and r.row_id = i.id
        where i.recipient ~ ${p} or i.notes ~ ${p} or i.customer_id = any(${ownCustomerIds}::bigint[])
          or i.id = any(${restrictedIds}::bigint[])
          or exists (select 1 from payments n where n.invoice_id = i.id and n.note ~ ${p})
        order by i.id`
    ).map((row) => {
      const hit = hitOf(
        matcher,
        "invoice",
        row,
        {
          searched: ["recipient", "notes", "payment_notes"],
          related: [
            ...(ownCustomerIds.includes(Number(row.customer_id)) ? ["customer_id"] : []),
            ...(restrictedIds.includes(row.id) && row.restricted_until !== null ? ["restriction"] : []),
          ],
          helpers: ["customer_id", "restricted_until", "payment_notes"],
        },
        invoiceLabel,
        // Someone else's invoice whose notes (or a payment's note) name the address.
        (fields) => fields.every((field) => field === "notes" || field === "payment_notes"),
      );
      return hit === null ? null : { ...hit, restrictedUntil: (row.restricted_until as string | null) ?? null };
    }),
  );

  // Wiederkehrende Rechnungen (migration 045): templates for the person's own customer, or whose
  // notes name the address (someone else's template: a mention), with their runs.
  const templates = present(
    (
      await sql<Row[]>`
        select t.id, c.name as customer_name, t.items, t.frequency, t.first_on::text as first_on,
          t.ends_on::text as ends_on, t.state, t.notes, t.created_at, t.customer_id,
          (select coalesce(jsonb_agg(jsonb_build_object('scheduled_on', r.scheduled_on::text,
              'period_start', r.period_start::text, 'period_end', r.period_end::text, 'invoice_id', r.invoice_id)
              order by r.scheduled_on), '[]'::jsonb)
            from recurring_invoice_runs r where r.template_id = t.id) as runs
        from recurring_invoices t join customers c on c.id = t.customer_id
        where t.customer_id = any(${ownCustomerIds}::bigint[]) or t.notes ~ ${p}
        order by t.id`
    ).map((row) =>
      hitOf(
        matcher,
        "recurring_invoice",
        row,
        {
          searched: ["notes"],
          related: ownCustomerIds.includes(Number(row.customer_id)) ? ["recurring_customer_id"] : [],
          helpers: ["customer_id"],
        },
        (found) => `Wiederkehrende Rechnung Nr. ${found.id} („${found.customer_name}“)`,
        (fields) => !fields.includes("recurring_customer_id"),
      ),
    ),
  );

  // Angebote (decision 0078): as invoices, by the recipient text, the notes or the person's customer.
  const quotes = present(
    (
      await sql<Row[]>`
        select q.id, q.number, q.state, q.issue_date::text as issue_date, q.valid_until::text as valid_until,
          q.recipient, q.recipient_vat_id, q.items, q.total_cents, q.notes, q.decision, q.customer_id
        from quotes q
        where q.recipient ~ ${p} or q.notes ~ ${p} or q.customer_id = any(${ownCustomerIds}::bigint[])
        order by q.id`
    ).map((row) =>
      hitOf(
        matcher,
        "quote",
        row,
        {
          searched: ["recipient", "notes"],
          related: ownCustomerIds.includes(Number(row.customer_id)) ? ["customer_id"] : [],
          helpers: ["customer_id"],
        },
        (found) => (found.number === null ? `Angebotsentwurf Nr. ${found.id}` : `Angebot ${found.number}`),
        (fields) => fields.every((field) => field === "notes"),
      ),
    ),
  );

  // A file or folder in the Papierkorb (decision 0098) is found as a live one, and says so: the
  // staff reviewing it find it there.
  const trashed = (found: Row) => (found.in_trash === true ? " (im Papierkorb)" : "");
  const folders = present(
    (
      await sql<Row[]>`
        select id, name, created_at, deletion_id is not null as in_trash from folders where name ~ ${p} order by id`
    ).map((row) =>
      hitOf(
        matcher,
        "folder",
        row,
        { searched: ["name"], helpers: ["in_trash"] },
        (found) => `Ordner „${found.name}“${trashed(found)}`,
      ),
    ),
  );
  const folderIds = folders.map((row) => row.id);
  const files = present(
    (
      await sql<Row[]>`
        with recursive named(id) as (
          select id from folders where id = any(${folderIds}::bigint[])
          union
          select child.id from folders child join named on child.parent_id = named.id
        )
        select id, original_name, mime_type, size, uploader_name, created_at,
          folder_id in (select id from named) as in_folder, deletion_id is not null as in_trash,
          exists (select 1 from customer_files l
            where l.file_id = files.id and l.customer_id = any(${ownCustomerIds}::bigint[])) as of_customer
        from files
        where original_name ~ ${p} or folder_id in (select id from named)
          or id in (select file_id from customer_files where customer_id = any(${ownCustomerIds}::bigint[]))
        order by id`
    ).map((row) =>
      hitOf(
        matcher,
        "file",
        row,
        {
          searched: ["original_name"],
          related: [
            ...(row.in_folder === true ? ["folder_id"] : []),
            ...(row.of_customer === true ? ["customer_file"] : []),
          ],
          helpers: ["in_folder", "in_trash", "of_customer"],
        },
        (found) => `Datei „${found.original_name}“${trashed(found)}`,
      ),
    ),
  );

  const accounts = present(
    (
      await sql<Row[]>`
        select id, name, email, role, status, created_at, approved_at from users where email ~ ${p} order by id`
    ).map((row) => hitOf(matcher, "account", row, { searched: ["email"] }, (found) => `Benutzerkonto „${found.name}“`)),
  );
  const accountIds = accounts.map((row) => row.id);

  const errors = present(
    (
      await sql<Row[]>`
        select id, remote, kind, route, message, browser, created_at, user_id
        from client_errors
        where user_id = any(${accountIds}::bigint[]) or route ~ ${p} or message ~ ${p}
        order by id`
    ).map((row) =>
      hitOf(
        matcher,
        "client_error",
        row,
        {
          searched: ["route", "message"],
          related: accountIds.includes(Number(row.user_id)) ? ["user_id"] : [],
          helpers: ["user_id"],
        },
        (found) => `Fehlerbericht Nr. ${found.id} vom ${day(found.created_at)}`,
      ),
    ),
  );

  const byKind: Record<PrivacyDataKind, FoundRow[]> = {
    contact_request: requests,
    mail: mails,
    customer: customers,
    customer_contact: contacts,
    invoice: invoices,
    recurring_invoice: templates,
    quote: quotes,
    folder: folders,
    file: files,
    client_error: errors,
    account: accounts,
  };
  return privacyDataKinds.flatMap((kind) => byKind[kind]);
}

function invoiceLabel(row: Row): string {
  if (row.number === null) return `Rechnungsentwurf Nr. ${row.id}`;
  return `${row.kind === "cancellation" ? "Stornorechnung" : "Rechnung"} ${row.number}`;
}

/** The hits as the API answers them: where each one is, without the data. */
export function hitsOf(rows: readonly FoundRow[]): PrivacyHit[] {
  return rows.map(({ kind, id, label, fields, matches, mention }) => ({ kind, id, label, fields, matches, mention }));
}
