import { describe, expect, test } from "bun:test";
import { ApiError } from "@klarwerk/kit/browser";
import { renderScreen, signIn, stubApi } from "@klarwerk/kit/test-support";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useOpenRequests } from "../src/features/dashboard/api/get-open-requests";
import { useMarkRequestDone } from "../src/features/dashboard/api/mark-request-done";
import { AdminScreenState } from "../src/shared/components/AdminScreenState";

const openRequest = {
  id: 7,
  name: "Doris Doku",
  email: "doris@example.com",
  company: null,
  message: "Bitte rufen Sie mich an.",
  created_at: "2026-03-02T09:00:00.000Z",
  is_done: false,
};

/** The open list mounted (so a refetch is a call) and one "Erledigt" button for request 7. */
function MarkDoneHarness() {
  const list = useOpenRequests();
  const markDone = useMarkRequestDone();
  return (
    <>
      <p>{list.data ? `${list.data.pages[0]?.requests.length} offen` : "lädt"}</p>
      <button type="button" onClick={() => markDone.mutate(7)}>
        Erledigt
      </button>
      {markDone.isError && <p role="alert">{markDone.error.message}</p>}
    </>
  );
}

/** Marks request 7 done against a server that refuses with `refusal`; the calls made. */
async function markDoneRefused(refusal: { status: number; json: unknown }) {
  cleanup();
  signIn();
  const calls = stubApi((call) =>
    call.method === "PUT" ? refusal : { json: { requests: [openRequest], counts: { open: 1, done: 0 }, next: null } },
  );
  renderScreen(<MarkDoneHarness />);
  await screen.findByText("1 offen");
  fireEvent.click(screen.getByRole("button", { name: "Erledigt" }));
  await screen.findByRole("alert");
  // Let a refetch, if one was started, reach the API.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return calls.filter((call) => call.method === "GET").length;
}

describe("screens branch on the error's code, not on its status or text", () => {
  test("Erledigt: someone else was faster (already done, or gone) → the open list is fetched again", async () => {
    const alreadyDone = { code: "contact-request-already-done", message: "Diese Anfrage ist bereits erledigt." };
    expect(await markDoneRefused({ status: 409, json: alreadyDone })).toBe(2);
    const gone = { code: "contact-request-not-found", message: "Diese Anfrage gibt es nicht." };
    expect(await markDoneRefused({ status: 404, json: gone })).toBe(2);
  });

  test("Erledigt: a 404 that is not about the request (a path no route claims) leaves the list alone", async () => {
    const noRoute = { code: "not-found", message: "Nicht gefunden." };
    expect(await markDoneRefused({ status: 404, json: noRoute })).toBe(1);
  });

  const adminTexts = { loading: "Lade Benutzer...", loadFailed: "Fehler beim Laden der Benutzer" };
  const failedQuery = (error: ApiError) => ({ isPending: false, isRefetching: false, error, refetch: () => {} });

  test("an admin screen refused with admin-only asks the server whose session this is now", async () => {
    signIn();
    const calls = stubApi(() => ({
      json: { user: { id: 1, name: "Erika Muster", email: "erika@klarwerk.test", role: "staff" } },
    }));
    const refused = new ApiError(403, "Nur für Admins.", "admin-only");
    renderScreen(<AdminScreenState query={failedQuery(refused)} messages={adminTexts} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Fehler beim Laden der Benutzer");
    await waitFor(() => expect(calls.map((call) => call.path)).toEqual(["/api/session"]));
  });

  test("a 403 without that code (a proxy's page) is only a failed load", async () => {
    signIn();
    const calls = stubApi(() => ({ json: {} }));
    const proxy = new ApiError(403, "Forbidden", "unreadable");
    renderScreen(<AdminScreenState query={failedQuery(proxy)} messages={adminTexts} />);
    expect((await screen.findByRole("alert")).textContent).toBe("Fehler beim Laden der Benutzer");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
  });
});
