import { describe, expect, test } from "bun:test";
import type { Customer, CustomerPage } from "@klarwerk/kit";
import { renderScreen, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen } from "@testing-library/react";
import Customers from "../src/features/customers/Customers";

function customer(id: number): Customer {
  return {
    id,
    name: `Kunde ${id}`,
    email: null,
    phone: null,
    website: null,
    notes: null,
    status: "angerufen",
    debitor_number: 10000 + id,
    address: null,
    leitweg_id: null,
  };
}

function page(ids: number[], pages: number, total = ids.length): CustomerPage {
  return { customers: ids.map(customer), pages, total, total_exact: true };
}

describe("Kundenverwaltung", () => {
  test("a failed first load says so and offers a retry, not “Keine Kunden gefunden.”", async () => {
    let failing = true;
    const calls = stubApi((call) =>
      // The tag filter's list (decision 0095) answers apart; the customer list is what fails.
      call.path === "/api/customers/tags"
        ? { json: { tags: [] } }
        : failing
          ? { status: 500, json: { code: "internal", message: "Interner Serverfehler." } }
          : { json: page([1, 2], 1) },
    );
    renderScreen(<Customers />);
    expect((await screen.findByRole("alert")).textContent).toBe("Fehler beim Laden der Kunden");
    expect(screen.queryByText("Keine Kunden gefunden.")).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    expect(await screen.findByText("Kunde 2")).toBeDefined();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(calls.filter((call) => call.path === "/api/customers")).toHaveLength(2);
  });
});
