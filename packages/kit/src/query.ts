import { QueryClient } from "@tanstack/react-query";

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
