import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { AuditEvent, AuditPage, AuditVerification } from "@klarwerk/kit";
import { startSession } from "@klarwerk/kit/browser";
import { type ApiCall, renderScreen, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import Audit from "../src/features/audit/Audit";

function event(seq: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    seq,
    occurred_at: "2025-03-05T13:07:00.000Z",
    actor_kind: "user",
    actor_id: 2,
    actor_name: "Jörg Bäcker",
    client_address: "127.0.0.1",
    action: "customer.changed",
    object_type: "customer",
    object_id: String(seq),
    fields: ["phone"],
    changes: null,
    ...overrides,
  };
}

const people = {
  users: [
    { id: 1, name: "Ada Admin", email: "ada@klarwerk.test", role: "admin", status: "active" },
    { id: 2, name: "Jörg Bäcker", email: "joerg@klarwerk.test", role: "staff", status: "active" },
  ],
};

/** The trail as the API pages it: 3 events, `limit` 2 per page here, newest first. */
function trailAnswer(call: ApiCall): AuditPage {
  const before = call.query.get("before");
  const all = [event(3), event(2, { action: "invoice.issued", object_type: "invoice", object_id: "7" }), event(1)];
  const older = before === null ? all : all.filter((row) => row.seq < Number(before));
  const page = older.slice(0, 2);
  return { events: page, next: older.length > 2 ? (page.at(-1)?.seq ?? null) : null };
}

function stubTrail(verification?: AuditVerification): ApiCall[] {
  return stubApi((call) => {
    if (call.path === "/api/users") return { json: people };
    if (call.path === "/api/audit/verify") return { json: verification };
    if (call.path === "/api/audit/export.csv") {
      return new Response("\uFEFFZeit;Person\r\n", { headers: { "content-type": "text/csv; charset=utf-8" } });
    }
    return { json: trailAnswer(call) };
  });
}

const trailCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === "/api/audit");

beforeEach(() => {
  startSession({ id: 1, name: "Ada Admin", email: "ada@klarwerk.test", role: "admin" }, "token-admin");
});

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("Protokoll", () => {
  test("newest first; „Weiter“ asks for the events before the last one shown, „Zurück“ shows the newest again", async () => {
    const calls = stubTrail();
    renderScreen(<Audit />);
    const table = await screen.findByRole("table", { name: "Protokolleinträge" });
    const rows = () => within(table).getAllByRole("row").slice(1);
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining("Kunde geändertKunde Nr. 3Telefon"),
      expect.stringContaining("Rechnung ausgestelltRechnung Nr. 7"),
    ]);
    expect(screen.getByText("Seite 1 von mehr als 1")).toBeDefined();

    fireEvent.click(screen.getByRole("button", { name: "Weiter" }));
    expect(await screen.findByText("Seite 2 von 2")).toBeDefined();
    expect(rows().map((row) => row.textContent)).toEqual([expect.stringContaining("Kunde Nr. 1")]);
    expect(trailCalls(calls).map((call) => call.query.get("before"))).toEqual([null, "2"]);
    expect((screen.getByRole("button", { name: "Weiter" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Zurück" }));
    expect(await screen.findByText("Seite 1 von mehr als 1")).toBeDefined();
    expect(rows()).toHaveLength(2);
  });

  test("a person chosen filters by that account and starts again at the newest page", async () => {
    const calls = stubTrail();
    renderScreen(<Audit />);
    await screen.findByRole("table", { name: "Protokolleinträge" });
    fireEvent.click(screen.getByRole("button", { name: "Weiter" }));
    await screen.findByText("Seite 2 von 2");

    const person = screen.getByLabelText("Person") as HTMLSelectElement;
    await within(person).findByRole("option", { name: "Jörg Bäcker (joerg@klarwerk.test)" });
    fireEvent.change(person, { target: { value: "2" } });
    expect(await screen.findByText("Seite 1 von mehr als 1")).toBeDefined();
    const last = trailCalls(calls).at(-1);
    expect(last?.query.get("actor_id")).toBe("2");
    expect(last?.query.get("before")).toBeNull();
  });

  test("an object's „Verlauf“ address is the first filter; a range ending before its start is said, not asked", async () => {
    window.history.replaceState(null, "", "/audit?object_type=invoice&object_id=7&action=nonsense");
    const calls = stubTrail();
    renderScreen(<Audit />);
    await screen.findByRole("table", { name: "Protokolleinträge" });
    const first = trailCalls(calls)[0];
    expect(Object.fromEntries(first?.query ?? [])).toEqual({ object_type: "invoice", object_id: "7" });
    expect((screen.getByLabelText("Objekt") as HTMLSelectElement).value).toBe("invoice");
    expect((screen.getByLabelText("Objekt-Nr.") as HTMLInputElement).value).toBe("7");

    fireEvent.change(screen.getByLabelText("Von"), { target: { value: "2025-03-10" } });
    fireEvent.change(screen.getByLabelText("Bis"), { target: { value: "2025-03-01" } });
    expect(await screen.findByText("„Bis“ liegt vor „Von“.")).toBeDefined();
    expect(trailCalls(calls).some((call) => call.query.get("to") === "2025-03-01")).toBe(false);
    expect(trailCalls(calls).at(-1)?.query.get("from")).toBe("2025-03-10");

    fireEvent.change(screen.getByLabelText("Bis"), { target: { value: "2025-03-31" } });
    await screen.findByText("Seite 1 von mehr als 1");
    expect(screen.queryByText("„Bis“ liegt vor „Von“.")).toBeNull();
    expect(trailCalls(calls).at(-1)?.query.get("to")).toBe("2025-03-31");
  });

  test("„Protokoll prüfen“ names the first event that does not match", async () => {
    stubTrail({
      ok: false,
      checked: 41,
      first_mismatch: {
        seq: 7,
        occurred_at: "2025-03-05T13:07:00.000Z",
        reason: "Der Inhalt passt nicht mehr zu seinem Hash.",
      },
    });
    renderScreen(<Audit />);
    fireEvent.click(await screen.findByRole("button", { name: "Protokoll prüfen" }));
    const alert = await screen.findByText("Das Protokoll wurde verändert: Eintrag Nr. 7 stimmt nicht.");
    expect(alert.closest("[role=alert]")?.textContent).toContain("Der Inhalt passt nicht mehr zu seinem Hash.");
  });

  test("a rollout by a deploy key reads as who, what, on which remote, from what to what; its action is a filter", async () => {
    const rollout = event(9, {
      actor_kind: "deploy_key",
      actor_id: 1,
      actor_name: "Schlüssel „CI Dashboard“",
      action: "release.canary_started",
      object_type: "remote",
      object_id: "mf-dashboard",
      fields: ["canary", "share"],
      changes: { canary: { before: null, after: "2026.11.24-1" }, share: { before: 0, after: 25 } },
    });
    const calls = stubApi((call) => {
      if (call.path === "/api/users") return { json: people };
      return { json: { events: [rollout], next: null } satisfies AuditPage };
    });
    renderScreen(<Audit />);
    const table = await screen.findByRole("table", { name: "Protokolleinträge" });
    const [row] = within(table).getAllByRole("row").slice(1);
    const cells = within(row as HTMLElement)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 5)).toEqual([
      "Schlüssel „CI Dashboard“",
      "Canary gestartet",
      "Auslieferung mf-dashboard",
      "Canary-Version: – → 2026.11.24-1Canary-Anteil (%): 0 → 25",
    ]);

    const action = screen.getByLabelText("Aktion") as HTMLSelectElement;
    fireEvent.change(action, { target: { value: "release.canary_auto_stopped" } });
    expect(within(action).getByRole("option", { name: "Canary automatisch gestoppt" })).toBeDefined();
    await waitFor(() => expect(trailCalls(calls).at(-1)?.query.get("action")).toBe("release.canary_auto_stopped"));
  });

  test("an account's changed fields read in German: „Rolle: – → Team“, never `role: – → staff`", async () => {
    const registered = event(10, {
      action: "account.registered",
      object_type: "account",
      object_id: "7",
      fields: ["role", "status"],
      changes: { role: { before: null, after: "staff" }, status: { before: "pending", after: "active" } },
    });
    stubApi((call) => {
      if (call.path === "/api/users") return { json: people };
      return { json: { events: [registered], next: null } satisfies AuditPage };
    });
    renderScreen(<Audit />);
    const table = await screen.findByRole("table", { name: "Protokolleinträge" });
    const [row] = within(table).getAllByRole("row").slice(1);
    const fields = within(row as HTMLElement).getAllByRole("cell")[4];
    expect(fields?.textContent).toBe("Rolle: – → TeamStatus: Wartet auf Freigabe → Aktiv");
    expect(fields?.textContent).not.toContain("staff");
  });

  test("the CSV export asks for the events of the filter shown", async () => {
    window.history.replaceState(null, "", "/audit?actor_id=2");
    const calls = stubTrail();
    renderScreen(<Audit />);
    await screen.findByRole("table", { name: "Protokolleinträge" });
    fireEvent.click(screen.getByRole("button", { name: "Als CSV exportieren" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/api/audit/export.csv")).toBe(true));
    const exported = calls.find((call) => call.path === "/api/audit/export.csv");
    expect(Object.fromEntries(exported?.query ?? [])).toEqual({ actor_id: "2" });
  });
});
