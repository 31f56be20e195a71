import type { OutboxList } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useQuery } from "@klarwerk/kit/query";

/** The newest outgoing mails and whether e-mail is set up (`GET /api/outbox`, admins only). */
export function getOutbox(signal?: AbortSignal): Promise<OutboxList> {
  return callApi("GET /api/outbox", { signal });
}

export function outboxQueryOptions() {
  return queryOptions({
    queryKey: ["outbox"],
    queryFn: ({ signal }) => getOutbox(signal),
  });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
