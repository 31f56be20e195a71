import { describe, expect, test } from "bun:test";
import { type CompanyAnswer, type DatevSettings, defaultCompanySettings } from "@klarwerk/kit";
import { renderScreen, signIn, stubApi } from "@klarwerk/kit/test-support";
import { screen } from "@testing-library/react";
import { InvoicingSetupNotice } from "../src/features/dashboard/components/InvoicingSetupNotice";

// On the dashboard, admins read what invoices and the DATEV export still lack, with a link that
// opens the settings in the Rechnungstool; nothing once both are complete.

function answer(company: Partial<CompanyAnswer["company"]>, datev: Partial<DatevSettings>) {
  return (call: { path: string }) => {
    if (call.path === "/api/company")
      return { json: { company: { ...defaultCompanySettings, ...company }, provider: "", admins: [] } };
    if (call.path === "/api/company/datev") return { json: { datev } };
    return new Promise<never>(() => {});
  };
}

describe("the dashboard's set-up notice", () => {
  test("names what invoices and DATEV lack and links to the settings", async () => {
    signIn();
    stubApi(answer({ taxNumber: null, vatId: null }, { consultantNumber: null, clientNumber: null }));
    renderScreen(<InvoicingSetupNotice admin />);
    const notice = await screen.findByRole("status");
    expect(notice.textContent).toContain("Einrichtung der Rechnungen unvollständig");
    expect(notice.textContent).toContain(
      "Bevor Rechnungen ausgestellt werden können, fehlt in den Firmeneinstellungen: Steuernummer oder USt-IdNr.",
    );
    expect(notice.textContent).toContain(
      "Für den DATEV-Export fehlt in den Firmeneinstellungen: Beraternummer, Mandantennummer.",
    );
    expect(screen.getByRole("link", { name: "Firmeneinstellungen ergänzen" }).getAttribute("href")).toBe(
      "/invoices?einstellungen=firma",
    );
  });

  test("only DATEV missing: its own title and link text", async () => {
    signIn();
    stubApi(answer({ vatId: "DE123456789" }, { consultantNumber: 29098, clientNumber: null }));
    renderScreen(<InvoicingSetupNotice admin />);
    const notice = await screen.findByRole("status");
    expect(notice.textContent).toContain("DATEV-Export noch nicht eingerichtet");
    expect(screen.getByRole("link", { name: "DATEV-Einstellungen ergänzen" })).toBeDefined();
  });

  test("nothing when complete, and nothing asked for staff", async () => {
    signIn();
    const calls = stubApi(answer({ vatId: "DE123456789" }, { consultantNumber: 29098, clientNumber: 55003 }));
    renderScreen(<InvoicingSetupNotice admin />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("status")).toBeNull();
    renderScreen(<InvoicingSetupNotice admin={false} />);
    expect(screen.queryByRole("status")).toBeNull();
    expect(calls.filter((call) => call.path.startsWith("/api/company")).length).toBe(2);
  });
});
