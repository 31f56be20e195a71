import type { ContactRequestDetail } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useQuery } from "@klarwerk/kit/query";

/** One request with its state and every reply, oldest first (`GET /api/requests/{id}`). */
export async function getRequest(id: number, signal?: AbortSignal): Promise<ContactRequestDetail> {
  const answer = await callApi("GET /api/requests/:id", { params: { id }, signal });
  return answer.request;
}

export function requestQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["requests", "detail", id],
    queryFn: ({ signal }) => getRequest(id, signal),
  });
}

/** The request's details; asked only while `enabled` (the dialog is open). */
export function useRequest(id: number | null, enabled: boolean) {
  return useQuery({ ...requestQueryOptions(id ?? 0), enabled: enabled && id !== null });
}
