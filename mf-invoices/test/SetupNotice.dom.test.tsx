import { describe, expect, test } from "bun:test";
import { type CompanyAnswer, type DatevSettings, defaultCompanySettings } from "@klarwerk/kit";
import { renderScreen, signIn, stubApi } from "@klarwerk/kit/test-support";
import { fireEvent, screen } from "@testing-library/react";
import { DatevSetupNotice, InvoicingSetupNotice } from "../src/shared/components/SetupNotice";

// Before anyone types an invoice that „Rechnung speichern“ would refuse (422: „Für die Rechnung
// fehlt die Steuernummer oder USt-IdNr …“), the Rechnungstool says what is missing and who may
// complete it; the API side of the rule is api/test/modules/company.test.ts.

const incomplete: CompanyAnswer = {
  company: { ...defaultCompanySettings, taxNumber: null, vatId: null, contactPhone: null },
  logo: null,
  provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
  admins: ["Olivia Inhaberin", "Xaver Zweitadmin"],
};

describe("the Rechnungstool's set-up notice", () => {
  test("staff read what is missing and which admins may complete it; no button they cannot use", () => {
    signIn();
    renderScreen(<InvoicingSetupNotice company={incomplete} admin={false} onOpenSettings={() => {}} />);
    const notice = screen.getByRole("status");
    expect(notice.textContent).toContain("Einrichtung der Rechnungen unvollständig");
    expect(notice.textContent).toContain(
      "Es fehlt: Steuernummer oder USt-IdNr; Ansprechpartner mit Name, Telefon und E-Mail.",
    );
    expect(notice.textContent).toContain("Ergänzen können das: Olivia Inhaberin, Xaver Zweitadmin (Admin).");
    expect(screen.queryByRole("button")).toBeNull();
  });

  test("admins read what is missing and open the settings from it", () => {
    signIn();
    let opened = 0;
    renderScreen(<InvoicingSetupNotice company={incomplete} admin onOpenSettings={() => opened++} />);
    expect(screen.getByRole("status").textContent).toContain(
      "Bevor Rechnungen ausgestellt werden können, fehlt in den Firmeneinstellungen: Steuernummer oder USt-IdNr; Ansprechpartner mit Name, Telefon und E-Mail.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Firmeneinstellungen ergänzen" }));
    expect(opened).toBe(1);
  });

  test("nothing once the settings are complete, or before they are loaded", () => {
    signIn();
    const complete = { ...incomplete, company: { ...incomplete.company, vatId: "DE123456789", contactPhone: "030 1" } };
    renderScreen(
      <>
        <InvoicingSetupNotice company={complete} admin onOpenSettings={() => {}} />
        <InvoicingSetupNotice company={undefined} admin={false} onOpenSettings={() => {}} />
      </>,
    );
    expect(screen.queryByRole("status")).toBeNull();
  });

  test("the Auswertung tells admins what the DATEV export lacks, with the way to the settings", async () => {
    signIn();
    const datev = { consultantNumber: null, clientNumber: 55003 } as unknown as DatevSettings;
    stubApi((call) => (call.path === "/api/company/datev" ? { json: { datev } } : new Promise(() => {})));
    renderScreen(<DatevSetupNotice />);
    const notice = await screen.findByRole("status");
    expect(notice.textContent).toContain("Für den DATEV-Export fehlt in den Firmeneinstellungen: Beraternummer.");
    expect(screen.getByRole("link", { name: "DATEV-Einstellungen ergänzen" }).getAttribute("href")).toBe(
      "/invoices?einstellungen=firma",
    );
  });
});
