// A write answered while a list's first load is on its way (a search typed a moment before the
// click): with `invalidateQueries` alone the list keeps that load's answer, fetched before the
// write; `refetchAfterWrite` asks again, so the screen shows what was written.
import { describe, expect, test } from "bun:test";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { refetchAfterWrite } from "../src/query";

/** A server whose answer is read when the request arrives and sent `delayMs` later. */
function slowServer(delayMs: number) {
  let status = "offen";
  return {
    write: () => {
      status = "angenommen";
    },
    read: () => {
      const answer = status;
      return new Promise<string>((resolve) => setTimeout(() => resolve(answer), delayMs));
    },
  };
}

async function afterWriteDuringFirstLoad(refresh: (client: QueryClient) => Promise<void>): Promise<unknown> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const server = slowServer(50);
  const observer = new QueryObserver(client, { queryKey: ["quotes", "list", "suche"], queryFn: server.read });
  const unsubscribe = observer.subscribe(() => {});
  try {
    // The first load left before the write; the write's answer comes first.
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.write();
    await refresh(client);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return client.getQueryData(["quotes", "list", "suche"]);
  } finally {
    unsubscribe();
    client.clear();
  }
}

describe("a write during a list's first load", () => {
  test("invalidateQueries alone leaves the answer read before the write", async () => {
    expect(await afterWriteDuringFirstLoad((client) => client.invalidateQueries({ queryKey: ["quotes"] }))).toBe(
      "offen",
    );
  });

  test("refetchAfterWrite shows what was written", async () => {
    expect(await afterWriteDuringFirstLoad((client) => refetchAfterWrite(client, ["quotes"]))).toBe("angenommen");
  });
});
