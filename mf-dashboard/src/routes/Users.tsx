import { ApiError, refreshSession, useAuth } from "@klarwerk/kit/browser";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Button, Group, Loader, Stack, Text } from "@klarwerk/kit/ui";
import { useEffect, useRef } from "react";
import { useUserAccounts } from "../api/get-user-accounts";
import { AccessRequestTable } from "../components/AccessRequestTable";
import { UserAccountTable } from "../components/UserAccountTable";
import { UsersSection } from "../components/UsersSection";
import { usersMessages as messages } from "../messages";
import "../users.css";

/**
 * "Benutzer", for admins (the shell's route guard shows everyone else "Kein Zugriff"): the access
 * requests waiting for approval first, then every account with its actions.
 */
export default function Users() {
  const { user } = useAuth();
  const accounts = useUserAccounts();
  const requestsTitle = useRef<HTMLHeadingElement>(null);
  const accountsTitle = useRef<HTMLHeadingElement>(null);

  // A 403 means this account lost its admin role since the page was opened: the session learns
  // it, and the shell's guard replaces the screen.
  const refused = accounts.error instanceof ApiError && accounts.error.status === 403;
  useEffect(() => {
    if (refused) void refreshSession();
  }, [refused]);

  const all = accounts.data ?? [];
  const requests = all.filter((account) => account.status === "pending");
  const others = all.filter((account) => account.status !== "pending");

  return (
    <>
      <ScreenHeader title={messages.title} description={messages.description} />
      {accounts.isError && (
        <Stack align="center" gap="sm" py="md" mb="md">
          <Text c="red.9" fw={600} role="alert">
            {messages.loadFailed}
          </Text>
          <Button variant="light" onClick={() => void accounts.refetch()} loading={accounts.isRefetching}>
            {messages.retry}
          </Button>
        </Stack>
      )}
      {accounts.isPending && !accounts.isError && (
        <Group justify="center" gap="sm" py="xl" role="status">
          <Loader size="sm" />
          <Text c="gray.7">{messages.loading}</Text>
        </Group>
      )}
      {accounts.data && (
        <>
          <UsersSection title={messages.requestsTitle} hint={messages.requestsHint} titleRef={requestsTitle}>
            {(titleId) => (
              <AccessRequestTable requests={requests} titleId={titleId} onGone={() => requestsTitle.current?.focus()} />
            )}
          </UsersSection>
          <UsersSection title={messages.accountsTitle} hint={messages.accountsHint} titleRef={accountsTitle}>
            {(titleId) => (
              <UserAccountTable
                accounts={others}
                ownId={user?.id ?? null}
                titleId={titleId}
                onGone={() => accountsTitle.current?.focus()}
              />
            )}
          </UsersSection>
        </>
      )}
    </>
  );
}
