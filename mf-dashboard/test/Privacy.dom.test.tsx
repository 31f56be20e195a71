import { beforeEach, describe, expect, test } from "bun:test";
import {
  addDays,
  type PrivacyCase,
  type PrivacyCaseDetail,
  privacyDueDate,
  privacyMessages,
  todayInGermany,
} from "@klarwerk/kit";
import { startSession } from "@klarwerk/kit/browser";
import { renderScreen, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import Privacy from "../src/features/privacy/Privacy";
import { nothingToDelete, retentionPlanPath } from "./privacy-fixtures";

const today = todayInGermany();

function privacyCase(id: number, overrides: Partial<PrivacyCase> = {}): PrivacyCase {
  const received = overrides.received_on ?? today;
  return {
    id,
    email: "juergen@beispiel.de",
    name: null,
    kind: "access",
    received_on: received,
    due_on: privacyDueDate(received),
    status: "open",
    notes: "",
    created_at: `${today}T09:00:00.000Z`,
    created_by_name: "Ada Admin",
    erased_at: null,
    ...overrides,
  };
}

beforeEach(() => {
  startSession({ id: 1, name: "Ada Admin", email: "ada@klarwerk.test", role: "admin" }, "token-admin");
});

describe("Datenschutz", () => {
  test("records a case from the labelled form, warns of a due date within a week, opens a case with its hits", async () => {
    const dueSoon = privacyCase(1, {
      email: "frist@beispiel.de",
      received_on: addDays(today, -27),
      due_on: addDays(today, 3),
    });
    const created = privacyCase(2, { email: "JÜRGEN@Beispiel.de", name: "Jürgen Müller", kind: "both" });
    let cases = [dueSoon];
    const detail: PrivacyCaseDetail = {
      case: created,
      hits: [
        {
          kind: "contact_request",
          id: 4,
          label: "Kontaktanfrage Nr. 4 vom 03.11.2026",
          fields: ["email", "message"],
          matches: [
            { field: "email", address: "juergen@beispiel.de" },
            { field: "message", address: "JUERGEN@beispiel.de" },
          ],
          mention: false,
        },
        {
          kind: "invoice",
          id: 9,
          label: "Rechnung 2026-014",
          fields: ["customer_id"],
          matches: [],
          mention: false,
        },
        {
          kind: "customer",
          id: 12,
          label: "Kunde „Agentur Nord“ (Nr. 12)",
          fields: ["notes"],
          matches: [{ field: "notes", address: "juergen@beispiel.de" }],
          mention: true,
        },
      ],
      summary: privacyMessages.found(3),
    };
    const calls = stubApi((call) => {
      if (call.path === retentionPlanPath) return { json: nothingToDelete };
      if (call.method === "POST" && call.path === "/api/privacy/cases") {
        cases = [dueSoon, created];
        return { status: 201, json: { case: created } };
      }
      if (call.path === "/api/privacy/cases/2") return { json: detail };
      return { json: { cases } };
    });
    renderScreen(<Privacy />);

    const table = await screen.findByRole("table", { name: "Datenschutz-Anfragen, die nächste Frist zuerst" });
    expect(within(table).getByText("endet in 3 Tagen")).toBeDefined();

    fireEvent.change(screen.getByLabelText(/E-Mail-Adresse der betroffenen Person/), {
      target: { value: "JÜRGEN@Beispiel.de" },
    });
    fireEvent.change(screen.getByLabelText("Name (optional)"), { target: { value: "Jürgen Müller" } });
    fireEvent.change(screen.getByLabelText("Art der Anfrage"), { target: { value: "both" } });
    expect((screen.getByLabelText(/Eingegangen am/) as HTMLInputElement).value).toBe(today);
    fireEvent.click(screen.getByRole("button", { name: "Anfrage anlegen" }));

    // The new case opens at once, with every hit and where it is.
    const hits = await screen.findByRole("table", { name: "Fundstellen" });
    expect(within(hits).getByText("Rechnung 2026-014")).toBeDefined();
    expect(within(hits).getByText("Kontaktanfrage")).toBeDefined();
    // Each hit names the field and shows the address as it stands there.
    expect(within(hits).getByText("E-Mail-Adresse: juergen@beispiel.de; Nachricht: JUERGEN@beispiel.de")).toBeDefined();
    expect(within(hits).getByText("ausgestellt an einen gefundenen Kunden")).toBeDefined();
    expect(within(hits).queryByText("Kunde „Agentur Nord“ (Nr. 12)")).toBeNull();
    // Someone else's record that names the address: listed apart.
    const mentions = screen.getByRole("table", { name: "Erwähnungen in Datensätzen anderer Personen" });
    expect(within(mentions).getByText("Kunde „Agentur Nord“ (Nr. 12)")).toBeDefined();
    expect(within(mentions).getByText("Notizen: juergen@beispiel.de")).toBeDefined();
    expect(screen.getByText("3 Fundstellen.")).toBeDefined();
    expect(screen.getByRole("button", { name: "Auskunft herunterladen" })).toBeDefined();
    const post = calls.find((call) => call.method === "POST");
    expect(post?.body).toEqual({
      email: "JÜRGEN@Beispiel.de",
      name: "Jürgen Müller",
      kind: "both",
      received_on: today,
    });
    await waitFor(() => expect(screen.getAllByText(/JÜRGEN@Beispiel\.de/).length).toBeGreaterThan(1));
  });

  test("a person found nowhere: the case says so and lists no hits", async () => {
    const nowhere = privacyCase(3, { email: "niemand@beispiel.de" });
    stubApi((call) => {
      if (call.path === retentionPlanPath) return { json: nothingToDelete };
      if (call.path === "/api/privacy/cases/3") {
        return { json: { case: nowhere, hits: [], summary: privacyMessages.foundNowhere } };
      }
      return { json: { cases: [nowhere] } };
    });
    renderScreen(<Privacy />);
    fireEvent.click(await screen.findByRole("button", { name: "Öffnen: niemand@beispiel.de" }));
    expect(await screen.findByText(privacyMessages.foundNowhere)).toBeDefined();
    expect(screen.queryByRole("table", { name: "Fundstellen" })).toBeNull();
  });
});
