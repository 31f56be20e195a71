import type { APIRequestContext } from "@playwright/test";
import { expect } from "./test";
import { type TestUser, testOwner } from "./users";

/** Company settings an invoice can be issued with (tax number, bank account); saved by the owner, an admin. */
export const issuableCompany = {
  taxNumber: "12/345/67890",
  iban: "DE02120300000000202051",
  bic: "BYLADEM1001",
  bankName: "Beispielbank",
};

/** The user's bearer token, from a login through the API. */
export async function tokenOf(request: APIRequestContext, user: TestUser): Promise<string> {
  const response = await request.post("/api/login", { data: { email: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Makes the company settings issuable, as the owner (idempotent; other tests may do it too). */
export async function companyReadyToIssue(request: APIRequestContext): Promise<void> {
  const headers = { Authorization: `Bearer ${await tokenOf(request, testOwner)}` };
  const current = await request.get("/api/company", { headers });
  const { company } = (await current.json()) as { company: Record<string, string | null> };
  const saved = await request.put("/api/company", { headers, data: { ...company, ...issuableCompany } });
  expect(saved.status(), await saved.text()).toBe(200);
}
