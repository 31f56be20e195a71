import { beforeEach, describe, expect, test } from "bun:test";
import { type PrivacyRetentionPlan, privacyMessages } from "@klarwerk/kit";
import { startSession } from "@klarwerk/kit/browser";
import { renderScreen, stubApi } from "@klarwerk/kit/test-support";
import { screen, within } from "@testing-library/react";
import Privacy from "../src/features/privacy/Privacy";
import { nothingToDelete, retentionPlanPath } from "./privacy-fixtures";

beforeEach(() => {
  startSession({ id: 1, name: "Ada Admin", email: "ada@klarwerk.test", role: "admin" }, "token-admin");
});

function stubPlan(plan: PrivacyRetentionPlan) {
  return stubApi((call) => {
    if (call.path === retentionPlanPath) return { json: plan };
    return { json: { cases: [] } };
  });
}

describe("„Nächster Lauf der Löschung“ on the Datenschutz screen", () => {
  test("lists the requests and invoices the next run would delete, by number and date, with the period in force", async () => {
    const calls = stubPlan({
      ...nothingToDelete,
      contact_request_days: 14,
      contact_requests: [{ id: 4, done_at: "2026-10-01T10:00:00.000Z" }],
      replies: 1,
      mails: 2,
      invoices: [{ id: 9, number: "2018-014", restricted_until: "2026-11-27" }],
      held_invoice_ids: [11],
      summary: privacyMessages.retentionPlanned(1, 2, 1),
    });
    renderScreen(<Privacy />);
    const table = await screen.findByRole("table", { name: "Was der nächste Lauf löschen würde" });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "WasNummerDatum",
      "KontaktanfrageNr. 4erledigt am 01.10.2026",
      "Rechnung2018-014eingeschränkt bis 27.11.2026",
    ]);
    expect(screen.getByText(privacyMessages.retentionPlanned(1, 2, 1))).toBeDefined();
    expect(screen.getByText(/vor mehr als 14 Tagen erledigt/)).toBeDefined();
    expect(screen.getByText(/1 Rechnung wartet auf ihre Stornorechnung/)).toBeDefined();
    // Only reads: nothing is sent that could delete.
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  test("a run that would delete nothing says so and shows no table", async () => {
    stubPlan(nothingToDelete);
    renderScreen(<Privacy />);
    expect(await screen.findByText(privacyMessages.retentionNothing)).toBeDefined();
    expect(screen.queryByRole("table", { name: "Was der nächste Lauf löschen würde" })).toBeNull();
  });
});
