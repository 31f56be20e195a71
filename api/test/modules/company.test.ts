import { describe, expect, test } from "bun:test";
import { companyMessages } from "@klarwerk/kit";
import { startAppTest } from "../support/app.ts";
import { callJson } from "../support/http.ts";
import { issuableCompany } from "../support/invoices.ts";
import { signedInOwner } from "../support/users.ts";

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
      provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
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
