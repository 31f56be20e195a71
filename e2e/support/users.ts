import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/**
 * The owner of the suite's fresh database: global-setup.ts registers it before any test runs, so
 * it is the first account and becomes the active admin that approves everyone else.
 */
export const testOwner: TestUser = {
  name: "Olivia Inhaberin",
  email: "inhaberin@example.de",
  password: "Leuchtturm-Wanderung-im-Nebel-7",
};

export function newUser(name = "Erika Mustermann"): TestUser {
  return { name, email: `e2e-${randomUUID()}@example.de`, password: "sicheres-passwort-1" };
}

/** Registers through the API, the way the register screen does; the account then waits for approval. */
export async function register(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post("/api/register", { data: { ...user, confirmPassword: user.password } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Logs in through the API; the answer's token (the bearer token of the user's calls). */
export async function tokenOf(request: APIRequestContext, user: TestUser): Promise<string> {
  const response = await request.post("/api/login", { data: { email: user.email, password: user.password } });
  expect(response.status(), `login of ${user.email}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** For the global setup: the owner registered first, and able to sign in. */
export async function registerOwner(request: APIRequestContext): Promise<void> {
  await register(request, testOwner);
  const response = await request.post("/api/login", { data: testOwner });
  if (response.status() !== 200) {
    throw new Error(
      `The test owner cannot sign in (${response.status()}): the suite needs a fresh database whose first account is ${testOwner.email}. Run it with \`bun scripts/test.ts --only e2e\`.`,
    );
  }
}

/** One owner session per worker process. */
let ownerToken: Promise<string> | undefined;

/** Approves the account with this address as the owner, through the user administration's API. */
export async function approve(request: APIRequestContext, email: string): Promise<void> {
  ownerToken ??= tokenOf(request, testOwner);
  const headers = { Authorization: `Bearer ${await ownerToken}` };
  const list = await request.get("/api/users", { headers });
  expect(list.status(), await list.text()).toBe(200);
  const { users } = (await list.json()) as { users: { id: number; email: string }[] };
  const account = users.find((candidate) => candidate.email === email);
  expect(account, `no account for ${email}`).toBeDefined();
  const approval = await request.patch(`/api/users/${account?.id}`, { headers, data: { status: "active" } });
  expect(approval.status(), await approval.text()).toBe(200);
}

/** Registers through the API and has the owner approve the account; returns the credentials. */
export async function registeredUser(request: APIRequestContext, name?: string): Promise<TestUser> {
  const user = newUser(name);
  await register(request, user);
  await approve(request, user.email);
  return user;
}

/** Signs in through the login screen, as a person would. */
export async function signInThroughForm(page: Page, user: TestUser): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("E-Mail").fill(user.email);
  await page.getByLabel(/^Passwort\s*\*?$/).fill(user.password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in through the API and puts the session where the app keeps it, skipping the form. */
export async function signInQuickly(page: Page, request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post("/api/login", { data: { email: user.email, password: user.password } });
  expect(response.ok()).toBe(true);
  const { user: stored, token } = (await response.json()) as { user: unknown; token: string };
  await page.addInitScript(
    ([userJson, tokenValue]) => {
      if (!localStorage.getItem("klarwerktoken")) {
        localStorage.setItem("klarwerkuser", userJson);
        localStorage.setItem("klarwerktoken", tokenValue);
      }
    },
    [JSON.stringify(stored), token] as const,
  );
}
