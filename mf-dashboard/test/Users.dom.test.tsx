import { describe, expect, test } from "bun:test";
import type { UserAccount } from "@klarwerk/kit";
import { renderScreen, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import Users from "../src/features/users/Users";

const account = (id: number, name: string, email: string): UserAccount => ({
  id,
  name,
  email,
  role: "staff",
  status: "active",
  created_at: "2026-11-01T09:00:00.000Z",
  approved_at: "2026-11-02T09:00:00.000Z",
  approved_by_name: "Olivia Inhaberin",
});

const accounts = [account(7, "Karla Kollegin", "karla@klarwerk.test"), account(8, "Till Team", "till@klarwerk.test")];

function stubUsers() {
  return stubApi((call) =>
    call.method === "DELETE" ? new Response(null, { status: 204 }) : { json: { users: accounts } },
  );
}

async function confirmIn(dialogName: string, confirm: string): Promise<void> {
  const dialog = await screen.findByRole("dialog", { name: dialogName });
  fireEvent.click(within(dialog).getByRole("button", { name: confirm }));
  await waitFor(() => expect(screen.queryByRole("dialog") === null).toBe(true));
}

describe("Benutzer: known browsers", () => {
  test("one account's: the row's button, named with the account, asks first, then forgets only that account's", async () => {
    const calls = stubUsers();
    renderScreen(<Users />);
    const buttons = await screen.findAllByRole("button", { name: "Browser vergessen" });
    expect(buttons).toHaveLength(2);
    const [karlas] = buttons;
    if (!karlas) throw new Error("no button");
    // Read with the row's name: "Browser vergessen" alone would not say whose.
    expect(document.getElementById(karlas.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Karla Kollegin");
    fireEvent.click(karlas);

    const dialog = await screen.findByRole("dialog", { name: "Bekannte Browser vergessen?" });
    expect(dialog.textContent).toContain("Karla Kollegin (karla@klarwerk.test)");
    await confirmIn("Bekannte Browser vergessen?", "Browser vergessen");
    await waitFor(() => expect(calls.some((call) => call.method === "DELETE")).toBe(true));
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
      "/api/users/7/known-devices",
    ]);
  });

  test("every account's: a section of its own whose button asks first; cancelled, nothing is sent", async () => {
    const calls = stubUsers();
    renderScreen(<Users />);
    const section = await screen.findByRole("region", { name: "Bekannte Browser" });
    const button = within(section).getByRole("button", { name: "Bekannte Browser aller Konten vergessen" });

    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Bekannte Browser aller Konten vergessen?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog") === null).toBe(true));
    expect(calls.filter((call) => call.method === "DELETE")).toEqual([]);

    fireEvent.click(button);
    await confirmIn("Bekannte Browser aller Konten vergessen?", "Bekannte Browser aller Konten vergessen");
    await waitFor(() => expect(calls.some((call) => call.method === "DELETE")).toBe(true));
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
      "/api/users/known-devices",
    ]);
  });
});
