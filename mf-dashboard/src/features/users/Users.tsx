import { useAuth } from "@klarwerk/kit/browser";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { useRef } from "react";
import { useUserAccounts } from "../../shared/api/get-user-accounts";
import { AdminScreenState } from "../../shared/components/AdminScreenState";
import { AccessRequestTable } from "./components/AccessRequestTable";
import { ForgetAllKnownDevices } from "./components/ForgetAllKnownDevices";
import { UserAccountTable } from "./components/UserAccountTable";
import { UsersSection } from "./components/UsersSection";
import { usersMessages as messages } from "./messages";
import "../../shared/users.css";

/**
 * "Benutzer", for admins (the shell's route guard shows everyone else "Kein Zugriff"): the access
 * requests waiting for approval first, then every account with its actions, then the known
 * browsers of all accounts, which can be forgotten at once.
 */
export default function Users() {
  const { user } = useAuth();
  const accounts = useUserAccounts();
  const requestsTitle = useRef<HTMLHeadingElement>(null);
  const accountsTitle = useRef<HTMLHeadingElement>(null);
  const devicesTitle = useRef<HTMLHeadingElement>(null);

  const all = accounts.data ?? [];
  const requests = all.filter((account) => account.status === "pending");
  const others = all.filter((account) => account.status !== "pending");

  return (
    <>
      <ScreenHeader title={messages.title} description={messages.description} />
      <AdminScreenState query={accounts} messages={messages} />
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
          <UsersSection title={messages.knownDevices.title} hint={messages.knownDevices.hint} titleRef={devicesTitle}>
            {() => <ForgetAllKnownDevices />}
          </UsersSection>
        </>
      )}
    </>
  );
}
