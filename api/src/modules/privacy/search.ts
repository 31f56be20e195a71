import { formatDate, type PrivacyDataKind, type PrivacyHit, privacyDataKinds } from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";

/** A hit with the row's personal data, as the Auskunft copies it (Art. 15(3)). */
export interface FoundRow extends PrivacyHit {
  data: Record<string, unknown>;
}

/**
 * A PostgreSQL regular expression that finds `address` inside any text, whatever the case of its
 * letters (umlauts included), and not as the tail of a longer address (`anna@…` in `johanna@…`).
 * Each letter is spelled as its own class (`[mM]`) rather than compared through `lower()`, whose
 * folding follows the database's character type (a database made with `LC_CTYPE=C` folds no
 * umlaut); one pattern also bounds the address on both sides, which `ilike '%…%'` cannot.
 */
export function addressPattern(address: string): string {
  const body = [...address.trim()]
    .map((char) => {
      const variants = [...new Set([char, char.toLowerCase(), char.toUpperCase()])].filter(
        (variant) => [...variant].length === 1,
      );
      if (variants.length > 1) return `[${variants.join("")}]`;
      // Outside a class, a backslash before anything but a letter or digit means the character itself.
      return /[\p{L}\p{N}]/u.test(char) ? char : `\\${char}`;
    })
    .join("");
  const addressChar = "[:alnum:]À-ɏ";
  return `(?<![${addressChar}._%+-])${body}(?![${addressChar}_-]|\\.[${addressChar}])`;
}

type Row = { id: number; fields: string[] } & Record<string, unknown>;

const day = (value: unknown) => formatDate(value as Date);

function found(kind: PrivacyDataKind, label: string, { id, fields, ...data }: Row): FoundRow {
  return { kind, id, label, fields, data };
}

/**
 * Every place the product keeps data naming `address`: contact requests (address, message,
 * company), the mails (recipients, reply address, subject, text, or written about a request
 * found), customers, invoices (recipient text, notes, a payment's note, or for a customer found; with
 * their payments), folders and files
 * whose name names the address (and the files inside such folders), accounts with that address
 * and the browser error reports sent under them. Each kind in the kit's order, oldest first.
 */
export async function searchPerson(sql: Queries, address: string): Promise<FoundRow[]> {
  const p = addressPattern(address);
  const matched = (column: string) => sql`case when ${sql(column)} ~ ${p} then ${column} end`;

  const requests = await sql<Row[]>`
    select c.id, c.name, c.email, c.company, c.message, c.created_at, c.is_done, c.done_at,
      (select coalesce(jsonb_agg(jsonb_build_object('message', r.message, 'sent_by_name', r.sent_by_name,
          'created_at', r.created_at) order by r.created_at, r.id), '[]'::jsonb)
        from contact_request_replies r where r.request_id = c.id) as replies,
      array_remove(array[${matched("email")}, ${matched("message")}, ${matched("company")}], null) as fields
    from contact_requests c
    where c.email ~ ${p} or c.message ~ ${p} or c.company ~ ${p}
    order by c.id`;
  const requestIds = requests.map((row) => row.id);

  const mails = await sql<Row[]>`
    select id, kind, to_name, to_address, reply_to_name, reply_to_address, subject, text_body, state,
      created_at, sent_at,
      array_remove(array[${matched("to_address")}, ${matched("reply_to_address")}, ${matched("subject")},
        ${matched("text_body")}, case when contact_request_id = any(${requestIds}::bigint[]) then 'contact_request_id' end],
        null) as fields
    from outbox
    where to_address ~ ${p} or reply_to_address ~ ${p} or subject ~ ${p} or text_body ~ ${p}
      or contact_request_id = any(${requestIds}::bigint[])
    order by id`;

  const customers = await sql<Row[]>`
    select id, name, email, phone, website, address, notes, status, created_at, updated_at,
      array_remove(array[${matched("email")}, ${matched("notes")}, ${matched("address")}, ${matched("website")}],
        null) as fields
    from customers
    where email ~ ${p} or notes ~ ${p} or address ~ ${p} or website ~ ${p}
    order by id`;
  const customerIds = customers.map((row) => row.id);

  // An invoice's payments (migration 042) go with it: its date, amount and note each, found by
  // the invoice or by a note naming the address.
  const noted = sql`exists (select 1 from payments n where n.invoice_id = invoices.id and n.note ~ ${p})`;
  const invoices = await sql<Row[]>`
    select id, number, state, kind, issue_date::text as issue_date, recipient, recipient_vat_id, buyer_reference,
      items, total_cents, notes, paid_on::text as paid_on,
      (select coalesce(jsonb_agg(jsonb_build_object('paid_on', pay.paid_on::text, 'amount_cents', pay.amount_cents,
          'note', pay.note) order by pay.paid_on, pay.id), '[]'::jsonb)
        from payments pay where pay.invoice_id = invoices.id) as payments,
      array_remove(array[${matched("recipient")}, ${matched("notes")},
        case when customer_id = any(${customerIds}::bigint[]) then 'customer_id' end,
        case when ${noted} then 'payments' end], null) as fields
    from invoices
    where recipient ~ ${p} or notes ~ ${p} or customer_id = any(${customerIds}::bigint[]) or ${noted}
    order by id`;

  const folders = await sql<Row[]>`
    select id, name, created_at, array['name'] as fields from folders where name ~ ${p} order by id`;
  const files = await sql<Row[]>`
    with recursive named(id) as (
      select id from folders where name ~ ${p}
      union
      select child.id from folders child join named on child.parent_id = named.id
    )
    select id, original_name, mime_type, size, uploader_name, created_at,
      array_remove(array[${matched("original_name")},
        case when folder_id in (select id from named) then 'folder_id' end], null) as fields
    from files
    where original_name ~ ${p} or folder_id in (select id from named)
    order by id`;

  const accounts = await sql<Row[]>`
    select id, name, email, role, status, created_at, approved_at, array['email'] as fields
    from users where email ~ ${p} order by id`;
  const accountIds = accounts.map((row) => row.id);

  const errors = await sql<Row[]>`
    select id, remote, kind, route, message, browser, created_at,
      array_remove(array[case when user_id = any(${accountIds}::bigint[]) then 'user_id' end,
        ${matched("route")}, ${matched("message")}], null) as fields
    from client_errors
    where user_id = any(${accountIds}::bigint[]) or route ~ ${p} or message ~ ${p}
    order by id`;

  const byKind: Record<PrivacyDataKind, FoundRow[]> = {
    contact_request: requests.map((row) =>
      found("contact_request", `Kontaktanfrage Nr. ${row.id} vom ${day(row.created_at)}`, row),
    ),
    mail: mails.map((row) => found("mail", `E-Mail „${row.subject}“ vom ${day(row.created_at)}`, row)),
    customer: customers.map((row) => found("customer", `Kunde „${row.name}“ (Nr. ${row.id})`, row)),
    invoice: invoices.map((row) => found("invoice", invoiceLabel(row), row)),
    folder: folders.map((row) => found("folder", `Ordner „${row.name}“`, row)),
    file: files.map((row) => found("file", `Datei „${row.original_name}“`, row)),
    client_error: errors.map((row) =>
      found("client_error", `Fehlerbericht Nr. ${row.id} vom ${day(row.created_at)}`, row),
    ),
    account: accounts.map((row) => found("account", `Benutzerkonto „${row.name}“`, row)),
  };
  return privacyDataKinds.flatMap((kind) => byKind[kind]);
}

function invoiceLabel(row: Row): string {
  if (row.number === null) return `Rechnungsentwurf Nr. ${row.id}`;
  return `${row.kind === "cancellation" ? "Stornorechnung" : "Rechnung"} ${row.number}`;
}

/** The hits as the API answers them: where each one is, without the data. */
export function hitsOf(rows: readonly FoundRow[]): PrivacyHit[] {
  return rows.map(({ kind, id, label, fields }) => ({ kind, id, label, fields }));
}
