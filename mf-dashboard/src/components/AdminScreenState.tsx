import { ApiError, refreshSession } from "@klarwerk/kit/browser";
import { Button, Group, Loader, Stack, Text } from "@klarwerk/kit/ui";
import { useEffect } from "react";

/** What an admin screen reads of its one list query. */
interface AdminListQuery {
  isError: boolean;
  isPending: boolean;
  isRefetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface AdminScreenStateProps {
  query: AdminListQuery;
  messages: { loading: string; loadFailed: string; retry: string };
}

/**
 * The part the admin screens (Benutzer, Postausgang) share before their list is there: the
 * failure with a retry, or the loading line. A 403 means this account lost its admin role since
 * the page was opened: the session learns it, and the shell's guard replaces the screen.
 */
export function AdminScreenState({ query, messages }: AdminScreenStateProps) {
  const refused = query.error instanceof ApiError && query.error.status === 403;
  useEffect(() => {
    if (refused) void refreshSession();
  }, [refused]);

  if (query.isError) {
    return (
      <Stack align="center" gap="sm" py="md" mb="md">
        <Text c="red.9" fw={600} role="alert">
          {messages.loadFailed}
        </Text>
        <Button variant="light" onClick={() => void query.refetch()} loading={query.isRefetching}>
          {messages.retry}
        </Button>
      </Stack>
    );
  }
  if (query.isPending) {
    return (
      <Group justify="center" gap="sm" py="xl" role="status">
        <Loader size="sm" />
        <Text c="gray.7">{messages.loading}</Text>
      </Group>
    );
  }
  return null;
}
