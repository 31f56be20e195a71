import type { DeployKey, ReleasesOverview, RemoteRollout } from "@klarwerk/kit";
import { apiJson } from "@klarwerk/kit/browser";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@klarwerk/kit/query";

/** Every remote's rollout, releases, history and errors (`GET /api/releases`, admins only). */
export function releasesQueryOptions() {
  return queryOptions({
    queryKey: ["releases"],
    queryFn: ({ signal }) => apiJson<ReleasesOverview>("/api/releases", { signal }),
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

export async function changeRollout(change: RolloutChange): Promise<RemoteRollout> {
  const { remote, action, ...body } = change;
  const answer = await apiJson<{ rollout: RemoteRollout }>(`/api/releases/mf-${remote}/${action}`, {
    method: "POST",
    json: body,
  });
  return answer.rollout;
}

export function useChangeRollout({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRollout,
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: releasesQueryOptions().queryKey }),
  });
}

export function deployKeysQueryOptions() {
  return queryOptions({
    queryKey: ["deploy-keys"],
    queryFn: ({ signal }) => apiJson<{ keys: DeployKey[] }>("/api/deploy-keys", { signal }),
  });
}

export function useDeployKeys() {
  return useQuery(deployKeysQueryOptions());
}

export function useCreateDeployKey({ onError }: { onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { remote: string; name: string }) =>
      apiJson<{ key: DeployKey; secret: string }>("/api/deploy-keys", { method: "POST", json: input }),
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deployKeysQueryOptions().queryKey }),
  });
}

export function useRevokeDeployKey({ onError }: { onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<void>(`/api/deploy-keys/${id}`, { method: "DELETE" }),
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deployKeysQueryOptions().queryKey }),
  });
}
