import type { PrivacyCase, PrivacyCaseChange, PrivacyCaseInput, PrivacyErasureResult } from "@klarwerk/kit";
import { callApi, downloadFromApi } from "@klarwerk/kit/browser";
import { queryOptions, refetchAfterWrite, useMutation, useQuery, useQueryClient } from "@klarwerk/kit/query";

/** Every case, open ones by due date first (`GET /api/privacy/cases`, admins only). */
export function privacyCasesQuery() {
  return queryOptions({
    queryKey: ["privacy-cases"],
    queryFn: ({ signal }) => callApi("GET /api/privacy/cases", { signal }),
  });
}

export function usePrivacyCases() {
  return useQuery(privacyCasesQuery());
}

/** A case and every place naming the person's address (searched anew each time it is opened). */
export function usePrivacyCase(id: number | null) {
  return useQuery({
    queryKey: ["privacy-cases", id],
    queryFn: ({ signal }) => callApi("GET /api/privacy/cases/:id", { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export function useCreatePrivacyCase({
  onSuccess,
  onError,
}: {
  onSuccess?: (created: PrivacyCase) => void;
  onError?: (error: Error) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PrivacyCaseInput) => (await callApi("POST /api/privacy/cases", { json: input })).case,
    onSuccess: (created) => {
      void refetchAfterWrite(queryClient, privacyCasesQuery().queryKey);
      onSuccess?.(created);
    },
    onError,
  });
}

export function useChangePrivacyCase({
  onSuccess,
  onError,
}: {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number; change: PrivacyCaseChange }) =>
      (await callApi("PATCH /api/privacy/cases/:id", { params: { id }, json: change })).case,
    onSuccess: () => {
      void refetchAfterWrite(queryClient, privacyCasesQuery().queryKey);
      onSuccess?.();
    },
    onError,
  });
}

/** „Auskunft herunterladen“: the ZIP with the HTML and the JSON (`GET /api/privacy/cases/{id}/auskunft.zip`). */
export function useDownloadAccessZip({ onError }: { onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: (id: number) => downloadFromApi(`/api/privacy/cases/${id}/auskunft.zip`, `auskunft-anfrage-${id}.zip`),
    onError,
  });
}

/** „Löschung planen“: each hit with its action, changing nothing (`GET …/erasure-plan`). */
export function usePrivacyErasurePlan(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ["privacy-cases", id, "erasure-plan"],
    queryFn: ({ signal }) => callApi("GET /api/privacy/cases/:id/erasure-plan", { params: { id }, signal }),
    enabled,
  });
}

/** Carries the plan out (`POST …/erasure`); the case, its hits and its plan are read again afterwards. */
export function useCarryOutErasure({
  onSuccess,
  onError,
}: {
  onSuccess?: (result: PrivacyErasureResult) => void;
  onError?: (error: Error) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi("POST /api/privacy/cases/:id/erasure", { params: { id } }),
    onSuccess: (result) => {
      void refetchAfterWrite(queryClient, privacyCasesQuery().queryKey);
      // A restriction carried out may change what the next run deletes.
      void refetchAfterWrite(queryClient, ["privacy-retention-plan"]);
      onSuccess?.(result);
    },
    onError,
  });
}

/** „Nächster Lauf der Löschung“: what the daily deletion would delete now (`GET /api/privacy/retention-plan`). */
export function useRetentionPlan() {
  return useQuery({
    queryKey: ["privacy-retention-plan"],
    queryFn: ({ signal }) => callApi("GET /api/privacy/retention-plan", { signal }),
  });
}
