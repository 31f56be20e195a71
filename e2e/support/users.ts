import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

export function newUser(name = "Erika Mustermann"): TestUser {
  return { name, email: `e2e-${randomUUID()}@example.de`, password: "sicheres-passwort-1" };
}

/** Registers through the API, the way the register screen does, and returns the credentials. */
export async function registeredUser(request: APIRequestContext, name?: string): Promise<TestUser> {
  const user = newUser(name);
  const response = await request.post("/api/register", { data: { ...user, confirmPassword: user.password } });
  expect(response.status(), await response.text()).toBe(201);
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
