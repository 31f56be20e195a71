import { beforeEach, describe, expect, test } from "bun:test";
import {
  type PrivacyCase,
  type PrivacyErasurePlan,
  type PrivacyErasureResult,
  privacyErasureReasons,
  privacyMessages,
} from "@klarwerk/kit";
import { startSession } from "@klarwerk/kit/browser";
import { renderScreen, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import Privacy from "../src/features/privacy/Privacy";
import { nothingToDelete, retentionPlanPath } from "./privacy-fixtures";

const erasureCase: PrivacyCase = {
  id: 5,
  email: "juergen@beispiel.de",
  name: null,
  kind: "erasure",
  received_on: "2026-11-02",
  due_on: "2026-12-02",
  status: "open",
  notes: "",
  created_at: "2026-11-02T09:00:00.000Z",
  created_by_name: "Ada Admin",
  erased_at: null,
};

const plan: PrivacyErasurePlan = {
  case_id: 5,
  items: [
    {
      kind: "contact_request",
      id: 4,
      label: "Kontaktanfrage Nr. 4 vom 03.11.2026",
      fields: ["email"],
      matches: [{ field: "email", address: "juergen@beispiel.de" }],
      mention: false,
      action: "erase",
      reason: privacyErasureReasons.contactRequest,
      until: null,
    },
    {
      kind: "customer",
      id: 7,
      label: "Kunde „Müller Bau“ (Nr. 7)",
      fields: ["email"],
      matches: [{ field: "email", address: "JUERGEN@BEISPIEL.DE" }],
      mention: false,
      action: "anonymise",
      reason: privacyErasureReasons.customer,
      until: null,
    },
    {
      kind: "invoice",
      id: 9,
      label: "Rechnung 2025-014",
      fields: ["customer_id"],
      matches: [],
      mention: false,
      action: "restrict",
      reason: privacyErasureReasons.invoiceIssued,
      until: "2033-12-31",
    },
    {
      kind: "contact_request",
      id: 6,
      label: "Kontaktanfrage Nr. 6 vom 04.11.2026",
      fields: ["message"],
      matches: [{ field: "message", address: "juergen@beispiel.de" }],
      mention: true,
      action: "remove_mention",
      reason: privacyErasureReasons.mention,
      until: null,
    },
  ],
  summary: privacyMessages.planned(4),
};

beforeEach(() => {
  startSession({ id: 1, name: "Ada Admin", email: "ada@klarwerk.test", role: "admin" }, "token-admin");
});

function stubCase(privacyCase: PrivacyCase) {
  return stubApi((call) => {
    if (call.path === retentionPlanPath) return { json: nothingToDelete };
    if (call.method === "POST" && call.path === "/api/privacy/cases/5/erasure") {
      const result: PrivacyErasureResult = {
        case_id: 5,
        items: plan.items,
        counts: { erase: 1, anonymise: 1, restrict: 1, remove_mention: 1, review: 0 },
        summary: privacyMessages.erased({ erase: 1, anonymise: 1, restrict: 1, remove_mention: 1, review: 0 }),
      };
      return { json: result };
    }
    if (call.path === "/api/privacy/cases/5/erasure-plan") return { json: plan };
    if (call.path === "/api/privacy/cases/5") {
      return { json: { case: privacyCase, hits: plan.items, summary: privacyMessages.found(4) } };
    }
    return { json: { cases: [privacyCase] } };
  });
}

describe("Löschung planen", () => {
  test("the plan as a table (Wo / Gefunden in / Aktion / Grund / bis), mentions apart, carried out only after the labelled dialog", async () => {
    const calls = stubCase(erasureCase);
    renderScreen(<Privacy />);
    fireEvent.click(await screen.findByRole("button", { name: "Öffnen: juergen@beispiel.de" }));

    const section = await screen.findByRole("region", { name: "Löschung planen" });
    const table = await within(section).findByRole("table", { name: "Löschplan" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Wo", "Gefunden in", "Aktion", "Grund", "bis"]);
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      [
        "Kontaktanfrage Nr. 4 vom 03.11.2026",
        "E-Mail-Adresse: juergen@beispiel.de",
        "Löschen",
        privacyErasureReasons.contactRequest,
        "–",
      ],
      [
        "Kunde „Müller Bau“ (Nr. 7)",
        "E-Mail-Adresse: JUERGEN@BEISPIEL.DE",
        "Anonymisieren",
        privacyErasureReasons.customer,
        "–",
      ],
      [
        "Rechnung 2025-014",
        "ausgestellt an einen gefundenen Kunden",
        "Einschränken",
        privacyErasureReasons.invoiceIssued,
        "31.12.2033",
      ],
    ]);
    // Someone else's request that names the address: apart, and only the mention goes.
    const mentions = within(section).getByRole("table", {
      name: "Erwähnungen in Datensätzen anderer Personen (bitte prüfen)",
    });
    expect(within(mentions).getByText("Kontaktanfrage Nr. 6 vom 04.11.2026")).toBeDefined();
    expect(within(mentions).getByText("Erwähnung entfernen")).toBeDefined();
    expect(within(section).getByText(privacyMessages.planned(4))).toBeDefined();

    // Nothing happens before the confirmation; „Abbrechen“ changes nothing.
    fireEvent.click(within(section).getByRole("button", { name: "Löschung durchführen" }));
    const dialog = await screen.findByRole("dialog", { name: "Löschung durchführen?" });
    expect(within(dialog).getByText(/1 Fundstellen werden gelöscht, 1 anonymisiert und 1 bis zum Ende/)).toBeDefined();
    expect(
      within(dialog).getByText(/Aus 1 Datensätzen anderer Personen wird nur die Erwähnung entfernt/),
    ).toBeDefined();
    fireEvent.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    // Compared as a boolean: a failed match would print the whole page.
    await waitFor(() => expect(screen.queryByRole("dialog") === null).toBe(true));
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    fireEvent.click(within(section).getByRole("button", { name: "Löschung durchführen" }));
    const again = await screen.findByRole("dialog", { name: "Löschung durchführen?" });
    fireEvent.click(within(again).getByRole("button", { name: "Jetzt löschen" }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([
        "/api/privacy/cases/5/erasure",
      ]),
    );
  });

  test("a finished case shows its plan but cannot be carried out", async () => {
    stubCase({ ...erasureCase, status: "done" });
    renderScreen(<Privacy />);
    fireEvent.click(await screen.findByRole("button", { name: "Öffnen: juergen@beispiel.de" }));
    const section = await screen.findByRole("region", { name: "Löschung planen" });
    await within(section).findByRole("table", { name: "Löschplan" });
    const button = within(section).getByRole("button", { name: "Löschung durchführen" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  test("an Auskunft case has no „Löschung planen“", async () => {
    stubCase({ ...erasureCase, kind: "access" });
    renderScreen(<Privacy />);
    fireEvent.click(await screen.findByRole("button", { name: "Öffnen: juergen@beispiel.de" }));
    await screen.findByRole("table", { name: "Fundstellen" });
    expect(screen.queryByRole("region", { name: "Löschung planen" }) === null).toBe(true);
  });
});
