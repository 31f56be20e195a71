import { describe, expect, test } from "bun:test";
import { held, renderScreen, signIn, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { InvoiceEditor } from "../src/features/invoices/components/InvoiceEditor";
import { useInvoiceBook } from "../src/features/invoices/invoice-book";

/** The editor as the Rechnungstool shows it, on the signed-in person's book. */
function Editor() {
  const { draft, editingId, updateDraft, resetDraft } = useInvoiceBook();
  return (
    <InvoiceEditor
      draft={draft}
      editingId={editingId}
      provider="Klarwerk Digital GmbH"
      updateDraft={updateDraft}
      resetDraft={resetDraft}
    />
  );
}

const customerField = () => screen.getByRole("textbox", { name: "Kunde" }) as HTMLTextAreaElement;

describe("Neue Rechnung erstellen", () => {
  test("a save that ends after the screen was left still empties the form: saving again would store a second invoice", async () => {
    signIn();
    const answer = held<{ status: number; json: unknown }>();
    const calls = stubApi(() => answer.promise);
    const first = renderScreen(<Editor />);
    fireEvent.change(customerField(), { target: { value: "Muster GmbH\nHauptstraße 1\n12345 Ort" } });
    fireEvent.click(screen.getByRole("button", { name: "Als Entwurf speichern" }));
    await waitFor(() => expect(calls).toHaveLength(1));

    // The user goes to another page while the save runs; then the server answers.
    first.unmount();
    answer.release({ status: 201, json: { invoice: { id: 7, number: null, status: "draft" } } });
    await Bun.sleep(50);

    renderScreen(<Editor />);
    expect(customerField().value).toBe("");
    expect(screen.getByRole("heading", { name: "Neue Rechnung erstellen" })).toBeDefined();
  });
});
