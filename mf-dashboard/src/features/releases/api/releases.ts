import type { RemoteRollout } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, refetchAfterWrite, useMutation, useQuery, useQueryClient } from "@klarwerk/kit/query";

/** Every remote's rollout, releases, history and errors (`GET /api/releases`, admins only). */
export function releasesQueryOptions() {
  return queryOptions({
    queryKey: ["releases"],
    queryFn: ({ signal }) => callApi("GET /api/releases", { signal }),
  });
}

export function useReleases() {
  return useQuery(releasesQueryOptions());
}

/** One rollout call: `activate` (and rollback) with a version, `canary` with version and share, `promote`, `stop`. */
export type RolloutChange =
  | { remote: string; action: "activate"; version: string }
  | { remote: string; action: "canary"; version: string; share: number }
  | { remote: string; action: "promote" | "stop" };

function sendRolloutChange(change: RolloutChange) {
  const params = { remote: `mf-${change.remote}` };
  switch (change.action) {
    case "activate":
      return callApi("POST /api/releases/:remote/activate", { params, json: { version: change.version } });
    case "canary":
      return callApi("POST /api/releases/:remote/canary", {
        params,
        json: { version: change.version, share: change.share },
      });
    case "promote":
      return callApi("POST /api/releases/:remote/promote", { params });
    case "stop":
      return callApi("POST /api/releases/:remote/stop", { params });
  }
}

export async function changeRollout(change: RolloutChange): Promise<RemoteRollout> {
  return (await sendRolloutChange(change)).rollout;
}

export function useChangeRollout({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRollout,
    onSuccess,
    onError,
    onSettled: () => refetchAfterWrite(queryClient, releasesQueryOptions().queryKey),
  });
}

/** Deletes a release no visitor gets (the API refuses the active one, the canary and the rollback target). */
export function useDeleteRelease({
  onSuccess,
  onError,
}: {
  onSuccess?: (release: { version: string }) => void;
  onError?: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (release: { remote: string; version: string }) => {
      await callApi("DELETE /api/releases/:remote/:version", {
        params: { remote: `mf-${release.remote}`, version: release.version },
      });
      return release;
    },
    onSuccess,
    onError,
    onSettled: () => refetchAfterWrite(queryClient, releasesQueryOptions().queryKey),
  });
}

export function deployKeysQueryOptions() {
  return queryOptions({
    queryKey: ["deploy-keys"],
    queryFn: ({ signal }) => callApi("GET /api/deploy-keys", { signal }),
  });
}

export function useDeployKeys() {
  return useQuery(deployKeysQueryOptions());
}

export function useCreateDeployKey({ onError }: { onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { remote: string; name: string }) => callApi("POST /api/deploy-keys", { json: input }),
    onError,
    onSettled: () => refetchAfterWrite(queryClient, deployKeysQueryOptions().queryKey),
  });
}

export function useRevokeDeployKey({ onError }: { onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi("DELETE /api/deploy-keys/:id", { params: { id } }),
    onError,
    onSettled: () => refetchAfterWrite(queryClient, deployKeysQueryOptions().queryKey),
  });
}
