import { describe, expect, test } from "bun:test";
import {
  type CompanyAnswer,
  companyMessages,
  defaultCompanySettings,
  invoiceIssueMessages,
  missingDatevDetails,
  missingInvoicingDetails,
} from "@klarwerk/kit";
import { startAppTest } from "../support/app.ts";
import { callJson } from "../support/http.ts";
import { issuableCompany } from "../support/invoices.ts";
import { registerAndLogin, signedInOwner } from "../support/users.ts";

const { app } = await startAppTest();

async function save(json: unknown) {
  return callJson(app, "/api/company", { method: "PUT", token: (await signedInOwner(app)).token, json });
}

describe("PUT /api/company", () => {
  test("stores the settings trimmed, as the form's rules make them, and answers them with the provider block", async () => {
    const answer = await save({
      ...issuableCompany,
      name: "  Klarwerk Digital GmbH  ",
      iban: "de02 1203 0000 0000 2020 51",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      company: { ...issuableCompany, name: "Klarwerk Digital GmbH", iban: "DE02120300000000202051" },
      logo: null,
      provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
      admins: ["Olivia Inhaberin"],
    });
  });

  test.each([
    ["a field that is not text", { ...issuableCompany, iban: 5 }, "Das Feld „iban“ muss Text sein."],
    ["a broken rule", { ...issuableCompany, bic: "X" }, companyMessages.bicInvalid],
    [
      "two broken rules: the first in the form's order",
      { ...issuableCompany, name: " ", contactEmail: "kein-at" },
      companyMessages.nameRequired,
    ],
  ])("refuses %s with a 422 naming it", async (_, json, message) => {
    const answer = await save(json);
    expect([answer.status, answer.body]).toEqual([422, { code: "validation", message }]);
  });
});

describe("what staff are told while the settings lack what an invoice needs", () => {
  test("staff read what is missing and which admins may complete it; disabled accounts and staff are not named", async () => {
    const owner = await signedInOwner(app);
    const staff = await registerAndLogin(app, { name: "Theo Team" });
    await registerAndLogin(app, { name: "Xaver Zweitadmin", role: "admin" });
    const gone = await registerAndLogin(app, { name: "Gesperrte Gerda", role: "admin" });
    const locked = await callJson(app, `/api/users/${gone.user.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { status: "disabled" },
    });
    expect(locked.status).toBe(200);

    const fresh = await save({ ...defaultCompanySettings, contactPhone: null });
    expect(fresh.status).toBe(200);
    const seen = await callJson<CompanyAnswer>(app, "/api/company", { token: staff.token });
    expect(seen.status).toBe(200);
    expect(seen.body.admins).toEqual(["Olivia Inhaberin", "Xaver Zweitadmin"]);
    expect(missingInvoicingDetails(seen.body.company)).toEqual([
      "Steuernummer oder USt-IdNr",
      "Ansprechpartner mit Name, Telefon und E-Mail",
    ]);
    // The same rule refuses the invoice: what the notice names is what the 422 would say.
    const refused = await callJson(app, "/api/invoices", {
      method: "POST",
      token: staff.token,
      json: {
        recipient: "Müller & Söhne GmbH\nHauptstraße 5\n80331 München",
        provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
        issueDate: new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date()),
        items: [{ description: "Webdesign", quantity: 1, unitPriceCents: 150_000 }],
        discountPercent: 0,
        taxPercent: 19,
        extraFeesCents: 0,
        notes: "",
        issue: true,
      },
    });
    expect([refused.status, refused.body]).toEqual([
      422,
      { code: "validation", message: invoiceIssueMessages.providerTaxIdMissing },
    ]);

    await save(issuableCompany);
    const complete = await callJson<CompanyAnswer>(app, "/api/company", { token: staff.token });
    expect(missingInvoicingDetails(complete.body.company)).toEqual([]);
  });

  test("the DATEV export names what is unset: both numbers, one, none", () => {
    expect(missingDatevDetails({ consultantNumber: null, clientNumber: null })).toEqual([
      "Beraternummer",
      "Mandantennummer",
    ]);
    expect(missingDatevDetails({ consultantNumber: 29098, clientNumber: null })).toEqual(["Mandantennummer"]);
    expect(missingDatevDetails({ consultantNumber: 29098, clientNumber: 55003 })).toEqual([]);
  });
});
