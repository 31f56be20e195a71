import type { AgeingBucket, InvoicePage } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions } from "@klarwerk/kit/query";
import { invoicesKey } from "../../../shared/api/invoices-key";

/** Invoices a page of "Gespeicherte Rechnungen" shows; each loads its details too, so few. */
export const invoicesPerPage = 10;

export interface InvoiceListFilter {
  page: number;
  /** Part of a number or a customer's name; "" for all. */
  search: string;
  /** Only the open items of one age ("Auswertung"'s links); null for all. */
  ageing: AgeingBucket | null;
}

/** One page of invoices, newest first (`GET /api/invoices`). */
export function getInvoices(filter: InvoiceListFilter, signal?: AbortSignal): Promise<InvoicePage> {
  return callApi("GET /api/invoices", {
    query: {
      page: filter.page,
      limit: invoicesPerPage,
      search: filter.search,
      ...(filter.ageing === null ? {} : { ageing: filter.ageing }),
    },
    signal,
  });
}

export function invoicesQueryOptions(filter: InvoiceListFilter) {
  return queryOptions({
    queryKey: [...invoicesKey, "list", filter],
    queryFn: ({ signal }) => getInvoices(filter, signal),
  });
}
