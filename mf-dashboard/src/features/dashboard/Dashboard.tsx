import type { DoneContactRequest } from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { lazy, Suspense, useRef, useState } from "react";
import { useOpenRequests } from "./api/get-open-requests";
import { Counters } from "./components/Counters";
import { OpenItemsCard } from "./components/OpenItemsCard";
import { OpenRequests } from "./components/OpenRequests";
import { RequestDetails } from "./components/RequestDetails";
import { dashboardMessages as messages } from "./messages";
import "../../shared/dashboard.css";

const AdminNotices = lazy(() => import("./components/AdminNotices"));

export default function Dashboard() {
  const { user } = useAuth();
  const openRequests = useOpenRequests();
  const [details, setDetails] = useState<{ request: DoneContactRequest | null; opened: boolean }>({
    request: null,
    opened: false,
  });
  const requestsTitle = useRef<HTMLHeadingElement>(null);

  const pages = openRequests.data?.pages ?? [];
  const requests = pages.flatMap((page) => page.requests);
  // The page fetched last is the freshest count.
  const counts = pages.at(-1)?.counts ?? null;

  return (
    <>
      <ScreenHeader
        eyebrow={messages.welcome(user?.name ?? "")}
        title={messages.title}
        description={messages.description}
      />
      {user?.role === "admin" && (
        <Suspense fallback={null}>
          <AdminNotices />
        </Suspense>
      )}
      <Counters counts={counts} />
      <OpenItemsCard />
      <OpenRequests
        titleRef={requestsTitle}
        requests={requests}
        openCount={counts?.open ?? null}
        loaded={openRequests.data !== undefined}
        failed={openRequests.isError}
        hasMore={openRequests.hasNextPage}
        loadingMore={openRequests.isFetchingNextPage}
        refreshing={openRequests.isRefetching && !openRequests.isFetchingNextPage}
        onLoadMore={() => void openRequests.fetchNextPage()}
        onRefresh={() => void openRequests.refetch()}
        onDone={(request) => setDetails({ request, opened: true })}
      />
      <RequestDetails
        request={details.request}
        opened={details.opened}
        onClose={() => {
          setDetails((current) => ({ ...current, opened: false }));
          requestsTitle.current?.focus();
        }}
      />
    </>
  );
}
