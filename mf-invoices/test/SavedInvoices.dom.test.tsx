import { describe, expect, test } from "bun:test";
import type { InvoiceSummary } from "@klarwerk/kit";
import { renderScreen, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { invoicesPerPage } from "../src/features/invoices/api/get-invoices";
import { SavedInvoices } from "../src/features/invoices/components/SavedInvoices";

function summary(id: number, status: InvoiceSummary["status"]): InvoiceSummary {
  return {
    id,
    status,
    number: status === "draft" ? null : `2026-${String(id).padStart(4, "0")}`,
    recipientName: `Kunde ${id}`,
    customerId: null,
    issueDate: "2026-03-01",
    dueDate: "2026-03-15",
    totalCents: 11_900,
    paidOn: null,
    paidCents: 0,
    openCents: status === "open" || status === "overdue" ? 11_900 : 0,
    cancels: null,
    cancelledBy: null,
    createdAt: "2026-03-01T10:00:00.000Z",
  };
}

/** The server's list: newest first, `invoicesPerPage` a page; a deleted draft leaves it. */
function invoiceServer(invoices: InvoiceSummary[]) {
  let stored = [...invoices];
  const calls = stubApi((call) => {
    if (call.method === "DELETE") {
      stored = stored.filter((invoice) => `/api/invoices/${invoice.id}` !== call.path);
      return { status: 204, json: null };
    }
    if (call.path !== "/api/invoices") return new Promise(() => {}); // a card's details: not needed here
    const page = Number(call.query.get("page"));
    const start = (page - 1) * invoicesPerPage;
    return {
      json: {
        invoices: stored.slice(start, start + invoicesPerPage),
        pages: Math.max(1, Math.ceil(stored.length / invoicesPerPage)),
        total: stored.length,
      },
    };
  });
  return { calls };
}

describe("Gespeicherte Rechnungen", () => {
  test("deleting the only draft on page 2 goes back to page 1 instead of an empty page without pager", async () => {
    // Ten issued invoices fill page 1; the oldest, a draft, is alone on page 2.
    const issued = Array.from({ length: invoicesPerPage }, (_, index) => summary(invoicesPerPage + 1 - index, "open"));
    invoiceServer([...issued, summary(1, "draft")]);
    renderScreen(<SavedInvoices onEdit={() => {}} />);
    await screen.findByText("11 Rechnungen");
    fireEvent.click(screen.getByRole("button", { name: "Seite 2" }));
    await screen.findByText("Kunde 1");

    fireEvent.click(screen.getByRole("button", { name: "Löschen" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Löschen" }));

    await screen.findByText("10 Rechnungen");
    await waitFor(() => expect(screen.queryAllByRole("button", { name: "PDF herunterladen" })).toHaveLength(10));
    expect(screen.queryByText("Keine Rechnungen vorhanden.")).toBeNull();
  });
});
