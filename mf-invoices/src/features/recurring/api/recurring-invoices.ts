import type { RecurringInvoice, RecurringInvoiceInput } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, refetchAfterWrite, useMutation, useQuery, useQueryClient } from "@klarwerk/kit/query";
import { invoicesKey } from "../../../shared/api/invoices-key";

/** Under the invoices' key: a run („Jetzt ausführen“) makes invoices, and the list refreshes with it. */
const recurringKey = [...invoicesKey, "recurring"] as const;

export function recurringInvoicesQueryOptions() {
  return queryOptions({
    queryKey: recurringKey,
    queryFn: async ({ signal }) => (await callApi("GET /api/recurring-invoices", { signal })).templates,
  });
}

export function useRecurringInvoices() {
  return useQuery(recurringInvoicesQueryOptions());
}

/** Saves a template: a new one, or changes `id`. */
export function useSaveRecurringInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
    }: {
      id: number | null;
      input: RecurringInvoiceInput;
    }): Promise<RecurringInvoice> =>
      id === null
        ? (await callApi("POST /api/recurring-invoices", { json: input })).template
        : (await callApi("PUT /api/recurring-invoices/:id", { params: { id }, json: input })).template,
    onSuccess: () => refetchAfterWrite(client, recurringKey),
  });
}

/** „Pausieren“, „Fortsetzen“, „Beenden“. */
export function useRecurringState() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: "pause" | "resume" | "end" }) => {
      const route = `POST /api/recurring-invoices/:id/${action}` as const;
      return (await callApi(route, { params: { id } })).template;
    },
    onSuccess: () => refetchAfterWrite(client, recurringKey),
  });
}

/** „Jetzt ausführen“ (admins): the daily job now. */
export function useRunRecurringNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi("POST /api/recurring-invoices/run"),
    onSuccess: () => refetchAfterWrite(client, invoicesKey),
  });
}
