import { type SiteSearchAnswer, type SiteSearchGroup, siteSearchLimits, todayInGermany } from "@klarwerk/kit";
import type { Sql } from "../../db/open.ts";
import { HttpError } from "../../http/errors.ts";
import { customerSearchHits } from "../customers/index.ts";
import { searchFiles } from "../files/index.ts";
import { invoiceSearchHits } from "../invoices/index.ts";
import { searchApiMessages as messages } from "./messages.ts";

/** The term of `?q=`: trimmed, 2..100 characters (as Postgres counts them), else 400. */
export function searchTerm(raw: unknown): string {
  const term = typeof raw === "string" ? raw.trim() : "";
  const length = [...term].length;
  if (length < siteSearchLimits.termMin) throw new HttpError(400, "invalid-query", messages.termTooShort);
  if (length > siteSearchLimits.termMax) throw new HttpError(400, "invalid-query", messages.termTooLong);
  return term;
}

/** One more row than shown tells whether the group has more. */
function grouped<Hit>(rows: Hit[]): SiteSearchGroup<Hit> {
  return { hits: rows.slice(0, siteSearchLimits.perGroup), more: rows.length > siteSearchLimits.perGroup };
}

/**
 * The three groups, each by its module's own search (so each finds what its list finds), each one
 * bounded statement of at most `perGroup + 1` rows, run side by side.
 */
export async function siteSearch(sql: Sql, raw: unknown, admin: boolean): Promise<SiteSearchAnswer> {
  const term = searchTerm(raw);
  const limit = siteSearchLimits.perGroup + 1;
  const [customers, invoices, files] = await Promise.all([
    customerSearchHits(sql, term, limit),
    invoiceSearchHits(sql, term, limit, todayInGermany(), !admin),
    // As GET /api/files/search takes its term: in NFC.
    searchFiles(sql, { search: term.normalize("NFC"), offset: 0, limit }),
  ]);
  return {
    customers: grouped(customers),
    invoices: grouped(
      invoices.map((invoice) => ({
        id: invoice.id,
        number: invoice.number,
        recipient_name: invoice.recipientName,
        issue_date: invoice.issueDate,
        status: invoice.status,
      })),
    ),
    files: grouped(files.map((file) => ({ id: file.id, name: file.original_name, folder_path: file.folder_path }))),
  };
}
