import type { Invoice } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useQuery } from "@klarwerk/kit/query";
import { invoicesKey } from "../../../shared/api/invoices-key";

/** One invoice with its items and totals (`GET /api/invoices/{id}`). */
export async function getInvoice(id: number, signal?: AbortSignal): Promise<Invoice> {
  return (await callApi("GET /api/invoices/:id", { params: { id }, signal })).invoice;
}

export function invoiceQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...invoicesKey, "detail", id],
    queryFn: ({ signal }) => getInvoice(id, signal),
  });
}

export function useInvoice(id: number) {
  return useQuery(invoiceQueryOptions(id));
}
