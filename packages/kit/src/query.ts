import { QueryClient, type QueryKey } from "@tanstack/react-query";

/**
 * The portal's TanStack Query: the one query cache (stale time 5 minutes, one retry, no refetch
 * on window focus) and exactly the parts of the library the screens use. A federation singleton,
 * so every remote shares the cache and the provider's context; and the only module that imports
 * the library (a Biome rule keeps every other file on this entry), so the build keeps only what
 * is listed here instead of the whole package.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60 * 1000, retry: 1, refetchOnWindowFocus: false },
  },
});

export type { QueryClient, QueryKey, UseQueryOptions } from "@tanstack/react-query";
export {
  infiniteQueryOptions,
  keepPreviousData,
  QueryClientProvider,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";

/**
 * After a write: every query under `keys` loads again. A query whose first load is still on its
 * way (a search typed a moment before the click) is cancelled and asked again: `invalidateQueries`
 * alone joins that load, whose answer may predate the write, and the screen shows it as current.
 */
export async function refetchAfterWrite(client: QueryClient, ...keys: QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
