import {
  type Invoice,
  type Quote,
  type QuoteContent,
  type QuotePage,
  type QuoteStatus,
  quotePdfFileName,
} from "@klarwerk/kit";
import { callApi, downloadFromApi } from "@klarwerk/kit/browser";
import { queryOptions, refetchAfterWrite, useMutation, useQueryClient } from "@klarwerk/kit/query";
import { invoicesKey } from "../../../shared/api/invoices-key";

/** Every quote query's key starts with this, so a write refreshes them all. */
export const quotesKey = ["quotes"] as const;
export const quotesPerPage = 10;

export interface QuoteListFilter {
  page: number;
  search: string;
  status: QuoteStatus | null;
}

/** One page of quotes, newest first (`GET /api/quotes`). */
export function quotesQueryOptions(filter: QuoteListFilter) {
  return queryOptions({
    queryKey: [...quotesKey, "list", filter],
    queryFn: ({ signal }): Promise<QuotePage> =>
      callApi("GET /api/quotes", {
        query: {
          page: filter.page,
          limit: quotesPerPage,
          search: filter.search,
          ...(filter.status === null ? {} : { status: filter.status }),
        },
        signal,
      }),
  });
}

export interface SaveQuoteInput {
  content: QuoteContent;
  /** The draft to replace; null saves a new quote. */
  id: number | null;
  /** „Angebot ausstellen“; „Als Entwurf speichern“ keeps a draft. */
  issue: boolean;
}

async function saveQuote({ content, id, issue }: SaveQuoteInput): Promise<Quote> {
  const json = { ...content, issue };
  const answer =
    id === null
      ? await callApi("POST /api/quotes", { json })
      : await callApi("PUT /api/quotes/:id", { params: { id }, json });
  return answer.quote;
}

async function decideQuote({ id, decision }: { id: number; decision: "accept" | "reject" }): Promise<Quote> {
  const route = decision === "accept" ? "POST /api/quotes/:id/accept" : "POST /api/quotes/:id/reject";
  return (await callApi(route, { params: { id } })).quote;
}

async function convertQuote({ id, partial }: { id: number; partial: boolean }): Promise<Invoice> {
  return (await callApi("POST /api/quotes/:id/invoice", { params: { id }, json: { partial } })).invoice;
}

/** Downloads the issued quote's PDF as `Angebot_<number>.pdf`. */
export function downloadQuotePdf(id: number, number: string): Promise<void> {
  return downloadFromApi(`/api/quotes/${id}/pdf`, quotePdfFileName(number));
}

interface ChangeOptions<Output, Input> {
  onSuccess?: (output: Output, input: Input) => void;
  onError?: (error: Error) => void;
}

/** A write, then the quotes (and, for a conversion, the invoices) reload. */
function useQuoteChange<Input, Output>(
  change: (input: Input) => Promise<Output>,
  options: ChangeOptions<Output, Input>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (output, input) => {
      options.onSuccess?.(output, input);
      await refetchAfterWrite(queryClient, quotesKey, invoicesKey);
    },
    onError: options.onError,
  });
}

export const useSaveQuote = (options: ChangeOptions<Quote, SaveQuoteInput> = {}) => useQuoteChange(saveQuote, options);
export const useDecideQuote = (options: ChangeOptions<Quote, { id: number; decision: "accept" | "reject" }> = {}) =>
  useQuoteChange(decideQuote, options);
export const useConvertQuote = (options: ChangeOptions<Invoice, { id: number; partial: boolean }> = {}) =>
  useQuoteChange(convertQuote, options);
