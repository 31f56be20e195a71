import {
  invoiceRestrictedUntil,
  type PrivacyCase,
  type PrivacyDataKind,
  type PrivacyErasureAction,
  type PrivacyErasureItem,
  privacyDataKinds,
  privacyErasureActions,
  privacyErasureReasons as reasons,
} from "@klarwerk/kit";
import type { Transaction } from "../../db/open.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import { revokeLinksOf } from "../share-links/index.ts";
import { addressHash, withoutAddress } from "./address.ts";
import { type ErasedRows, type RestrictedRow, recordErasure, type ScrubbedRow } from "./ledger.ts";
import type { FoundRow } from "./search.ts";

/**
 * The erasure plan (docs/decisions/0061-erasure-plan.md): for each hit of the person search the
 * action the law allows, and carrying it out in one transaction.
 */

/** What an anonymised customer keeps: the row and its status, no name, contact data or notes. */
export const anonymisedCustomer = {
  name: "Anonymisierter Kunde",
  email: null,
  phone: null,
  website: null,
  address: null,
  notes: null,
} as const satisfies Record<string, string | null>;

function item(
  row: FoundRow,
  action: PrivacyErasureAction,
  reason: string,
  until: string | null = null,
): PrivacyErasureItem {
  const { kind, id, label, fields, matches, mention } = row;
  return { kind, id, label, fields, matches, mention, action, reason, until };
}

/**
 * The action for each kind of data; an invoice's depends on whether it was issued, and whether an
 * earlier erasure already restricted it. Someone else's record that merely names the address keeps
 * everything but the mention (issue 45): an issued invoice cannot even lose that, so it is reviewed.
 */
const actionOf: Record<PrivacyDataKind, (row: FoundRow) => PrivacyErasureItem> = {
  contact_request: (row) =>
    row.mention ? item(row, "remove_mention", reasons.mention) : item(row, "erase", reasons.contactRequest),
  mail: (row) => (row.mention ? item(row, "remove_mention", reasons.mention) : item(row, "erase", reasons.mail)),
  customer: (row) =>
    row.mention ? item(row, "remove_mention", reasons.mention) : item(row, "anonymise", reasons.customer),
  // Only this person's entry at the customer goes; the company stays as it is.
  customer_contact: (row) => item(row, "erase", reasons.customerContact),
  invoice: (row) => {
    if (row.restrictedUntil) return item(row, "restrict", reasons.invoiceRestricted, row.restrictedUntil);
    if (row.data.state !== "issued")
      return row.mention ? item(row, "remove_mention", reasons.mention) : item(row, "erase", reasons.invoiceDraft);
    if (row.mention) return item(row, "review", reasons.mentionInIssuedInvoice);
    return item(row, "restrict", reasons.invoiceIssued, invoiceRestrictedUntil(String(row.data.issue_date)));
  },
  // No further invoice for the person: the template and its runs go (its invoices are hits of their own).
  recurring_invoice: (row) =>
    row.mention ? item(row, "remove_mention", reasons.mention) : item(row, "erase", reasons.recurringInvoice),
  // Angebote (decision 0078): a draft goes; an issued one is a Geschäftsbrief, reviewed.
  quote: (row) => {
    if (row.data.state !== "issued")
      return row.mention ? item(row, "remove_mention", reasons.mention) : item(row, "erase", reasons.quoteDraft);
    return item(row, "review", row.mention ? reasons.mention : reasons.quoteIssued);
  },
  client_error: (row) => item(row, "erase", reasons.clientError),
  folder: (row) => item(row, "review", reasons.fileOrFolder),
  file: (row) => item(row, "review", reasons.fileOrFolder),
  account: (row) => item(row, "review", reasons.account),
};

/** Each hit with its action; the order of the hits (the kit's kinds, oldest first) is kept. */
export function erasurePlanOf(rows: readonly FoundRow[]): PrivacyErasureItem[] {
  return rows.map((row) => actionOf[row.kind](row));
}

export function noneOfEach(): Record<PrivacyErasureAction, number> {
  return Object.fromEntries(privacyErasureActions.map((action) => [action, 0])) as Record<PrivacyErasureAction, number>;
}

/** Where a mention is removed from: the table, and columns that carry the same text (a mail's HTML part). */
const mentionTables: Partial<Record<PrivacyDataKind, { table: string; also: string[] }>> = {
  contact_request: { table: "contact_requests", also: [] },
  mail: { table: "outbox", also: ["html_body"] },
  customer: { table: "customers", also: [] },
  invoice: { table: "invoices", also: [] },
  recurring_invoice: { table: "recurring_invoices", also: [] },
  quote: { table: "quotes", also: [] },
};

/**
 * Replaces the person's address in each `remove_mention` row's matched fields by „(E-Mail-Adresse
 * entfernt)“, the rest of the row untouched; returns what changed, for the ledger.
 */
async function removeMentions(
  tx: Transaction,
  items: readonly PrivacyErasureItem[],
  sha256: string,
): Promise<ScrubbedRow[]> {
  const scrubbed: ScrubbedRow[] = [];
  for (const planned of items.filter((entry) => entry.action === "remove_mention")) {
    const target = mentionTables[planned.kind];
    if (!target) continue;
    const columns = [...new Set([...planned.matches.map((match) => match.field), ...target.also])];
    const [stored] = await tx<Record<string, unknown>[]>`
      select ${tx(columns)} from ${tx(target.table)} where id = ${planned.id} for update`;
    if (!stored) continue;
    const changed: Record<string, string> = {};
    for (const column of columns) {
      const text = stored[column];
      if (typeof text !== "string") continue;
      const without = withoutAddress(text, sha256);
      if (without !== text) changed[column] = without;
    }
    const names = Object.keys(changed);
    if (names.length === 0) continue;
    await tx`update ${tx(target.table)} set ${tx(changed, ...names)} where id = ${planned.id}`;
    scrubbed.push({ table: target.table, id: planned.id, columns: names });
  }
  return scrubbed;
}

/** Ids of the plan's items of one kind and action. */
function idsOf(items: readonly PrivacyErasureItem[], kind: string, action: PrivacyErasureAction): number[] {
  return items.filter((entry) => entry.kind === kind && entry.action === action).map((entry) => entry.id);
}

/**
 * Carries out `items` (planned inside `tx` a moment ago) in the caller's transaction: deletes,
 * overwrites, restricts; writes one ledger entry for what went or was overwritten (so a restore
 * replays it) and one audit event with the case id, the kinds and the counts only. Returns how
 * many rows each action touched: a second run finds nothing left and touches none.
 */
export async function carryOutErasure(
  tx: Transaction,
  privacyCase: PrivacyCase,
  items: readonly PrivacyErasureItem[],
  actor: AuditActor,
  at: Date,
): Promise<Record<PrivacyErasureAction, number>> {
  const counts = noneOfEach();
  const requestIds = idsOf(items, "contact_request", "erase");
  const replyIds = (
    await tx<{ id: number }[]>`
      select id from contact_request_replies where request_id = any(${requestIds}::bigint[]) order by id`
  ).map((row) => row.id);
  // The mails about a request go with it (on delete cascade): named here so the ledger lists them.
  const mailIds = [
    ...new Set([
      ...idsOf(items, "mail", "erase"),
      ...(
        await tx<{ id: number }[]>`
          select id from outbox where contact_request_id = any(${requestIds}::bigint[]) order by id`
      ).map((row) => row.id),
    ]),
  ].sort((a, b) => a - b);
  const errorIds = idsOf(items, "client_error", "erase");
  const draftIds = idsOf(items, "invoice", "erase");
  const quoteDraftIds = idsOf(items, "quote", "erase");
  const customerIds = idsOf(items, "customer", "anonymise");
  const templateIds = idsOf(items, "recurring_invoice", "erase");
  // An anonymised customer's Ansprechpartner, tags and timeline go with its personal data.
  const contactIds = [
    ...new Set([
      ...idsOf(items, "customer_contact", "erase"),
      ...(
        await tx<{ id: number }[]>`
          select id from customer_contacts where customer_id = any(${customerIds}::bigint[]) order by id`
      ).map((row) => row.id),
    ]),
  ].sort((a, b) => a - b);
  const activityIds = (
    await tx<{ id: number }[]>`
      select id from customer_activities where customer_id = any(${customerIds}::bigint[]) order by id`
  ).map((row) => row.id);
  // The links of its files (decision 0103) go too; the files stay, each reviewed by staff (below).
  const fileLinkIds = (
    await tx<{ id: number }[]>`
      select id from customer_files where customer_id = any(${customerIds}::bigint[]) order by id`
  ).map((row) => row.id);

  const mails = await tx`delete from outbox where id = any(${mailIds}::bigint[])`;
  const replies = await tx`delete from contact_request_replies where id = any(${replyIds}::bigint[])`;
  const requests = await tx`delete from contact_requests where id = any(${requestIds}::bigint[])`;
  const errors = await tx`delete from client_errors where id = any(${errorIds}::bigint[])`;
  // Its runs go with it (on delete cascade); the invoices they made stay, planned on their own.
  const templates = await tx`delete from recurring_invoices where id = any(${templateIds}::bigint[])`;
  const drafts = await tx`delete from invoices where id = any(${draftIds}::bigint[]) and state = 'draft'`;
  const quoteDrafts = await tx`delete from quotes where id = any(${quoteDraftIds}::bigint[]) and state = 'draft'`;
  const customers = await tx`
    update customers set ${tx(anonymisedCustomer)}, updated_at = now()
    where id = any(${customerIds}::bigint[])`;
  const contacts = await tx`delete from customer_contacts where id = any(${contactIds}::bigint[])`;
  await tx`delete from customer_activities where id = any(${activityIds}::bigint[])`;
  await tx`delete from customer_files where id = any(${fileLinkIds}::bigint[])`;
  await tx`delete from customer_tags where customer_id = any(${customerIds}::bigint[])`;
  // An import's undo data holds the customer's previous master data (decision 0099): it goes too.
  await tx`delete from customer_import_rows where customer_id = any(${customerIds}::bigint[])`;
  counts.erase =
    mails.count + requests.count + errors.count + drafts.count + templates.count + quoteDrafts.count + contacts.count;
  counts.anonymise = customers.count;

  const restricted: RestrictedRow[] = [];
  for (const planned of items.filter((entry) => entry.action === "restrict" && entry.kind === "invoice")) {
    const added = await tx<{ until: string }[]>`
      insert into privacy_restrictions (table_name, row_id, case_id, restricted_until)
      values ('invoices', ${planned.id}, ${privacyCase.id}, ${planned.until})
      on conflict (table_name, row_id) do nothing
      returning restricted_until::text as until`;
    for (const row of added) restricted.push({ table: "invoices", id: planned.id, until: row.until });
  }
  counts.restrict = restricted.length;
  const scrubbed = await removeMentions(tx, items, addressHash(privacyCase.email));
  counts.remove_mention = scrubbed.length;
  counts.review = items.filter((entry) => entry.action === "review").length;
  // Files and folders are reviewed by staff, but no client link serves them meanwhile (decision 0096).
  await revokeLinksOf(tx, { fileIds: idsOf(items, "file", "review"), folderIds: idsOf(items, "folder", "review") });

  const ledgerRows: ErasedRows[] = [
    { table: "outbox", ids: mailIds },
    { table: "contact_request_replies", ids: replyIds },
    { table: "contact_requests", ids: requestIds },
    { table: "client_errors", ids: errorIds },
    { table: "invoices", ids: draftIds },
    { table: "recurring_invoices", ids: templateIds },
    { table: "quotes", ids: quoteDraftIds },
    { table: "customers", ids: customerIds, set: anonymisedCustomer },
    { table: "customer_contacts", ids: contactIds },
    { table: "customer_activities", ids: activityIds },
    { table: "customer_files", ids: fileLinkIds },
  ].filter((rows) => rows.ids.length > 0);
  // A restriction is in the entry too: a restore of an older set hides the invoice again.
  if (counts.erase + counts.anonymise + counts.restrict + counts.remove_mention + replies.count > 0) {
    await recordErasure(tx, {
      reason: "request",
      address: privacyCase.email,
      caseId: privacyCase.id,
      rows: ledgerRows,
      restricted,
      scrubbed,
      at,
    });
  }
  // The case says the Löschung was done (issue 45): a Löschung alone is then finished, one with
  // an Auskunft still to give is in progress.
  await tx`
    update privacy_cases set erased_at = ${at}, updated_at = now(),
      status = case when kind = 'erasure' then 'done' when status = 'open' then 'in_progress' else status end
    where id = ${privacyCase.id}`;
  const kinds = privacyDataKinds.filter((kind) => items.some((entry) => entry.kind === kind));
  await recordAuditEvent(tx, actor, {
    action: "privacy_case.erasure_carried_out",
    objectId: privacyCase.id,
    fields: kinds,
    changes: Object.fromEntries(
      privacyErasureActions.map((action) => [action, { before: null, after: counts[action] }]),
    ),
  });
  return counts;
}
