import { ApiError, refreshSession } from "@klarwerk/kit/browser";
import { QueryState } from "@klarwerk/kit/portal";
import { useEffect } from "react";

/** What an admin screen reads of its one list query. */
interface AdminListQuery {
  isPending: boolean;
  isRefetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface AdminScreenStateProps {
  query: AdminListQuery;
  messages: { loading: string; loadFailed: string };
}

/**
 * The part the admin screens (Benutzer, Postausgang) share before their list is there: the kit's
 * `QueryState` for loading and failure. `admin-only` means this account lost its admin role since the
 * page was opened: the session learns it, and the shell's guard replaces the screen.
 */
export function AdminScreenState({ query, messages }: AdminScreenStateProps) {
  const refused = query.error instanceof ApiError && query.error.code === "admin-only";
  useEffect(() => {
    if (refused) void refreshSession();
  }, [refused]);
  if (!query.isPending && !query.error) return null;
  return (
    <QueryState
      loaded={false}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isRefetching}
      texts={messages}
    />
  );
}
