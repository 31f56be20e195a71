import type {
  ShareLinkAccessList,
  ShareLinkCreated,
  ShareLinkInput,
  ShareLinkList,
  ShareLinkSettings,
} from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, refetchAfterWrite, useMutation, useQuery, useQueryClient } from "@klarwerk/kit/query";

const sharesKey = ["mf-files", "share-links"] as const;

/** `POST /api/share-links`: the link and, this once, its path. */
export function createShareLink(input: ShareLinkInput): Promise<ShareLinkCreated> {
  return callApi("POST /api/share-links", { json: input });
}

export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createShareLink, onSuccess: () => refetchAfterWrite(queryClient, sharesKey) });
}

/** „Meine Freigaben“ (an admin's: every link). */
export function shareLinksQueryOptions() {
  return queryOptions({
    queryKey: [...sharesKey, "list"],
    queryFn: ({ signal }): Promise<ShareLinkList> => callApi("GET /api/share-links", { signal }),
  });
}

export function useShareLinks() {
  return useQuery(shareLinksQueryOptions());
}

export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi("DELETE /api/share-links/:id", { params: { id } }),
    onSuccess: () => refetchAfterWrite(queryClient, sharesKey),
  });
}

export function useShareLinkAccesses(id: number) {
  return useQuery({
    queryKey: [...sharesKey, "accesses", id],
    queryFn: ({ signal }): Promise<ShareLinkAccessList> =>
      callApi("GET /api/share-links/:id/accesses", { params: { id }, signal }),
  });
}

/** The longest validity an admin allows for new links: the dialog's limit. */
export function useShareLinkSettings() {
  return useQuery({
    queryKey: [...sharesKey, "settings"],
    queryFn: ({ signal }): Promise<ShareLinkSettings> => callApi("GET /api/share-links/settings", { signal }),
  });
}

/** An admin sets it (`PUT /api/share-links/settings`). */
export function useSaveShareLinkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShareLinkSettings) => callApi("PUT /api/share-links/settings", { json: settings }),
    onSuccess: () => refetchAfterWrite(queryClient, sharesKey),
  });
}
