import type { User } from "@klarwerk/kit";
import { callJson, type Handler } from "./http.ts";

export interface SignedInUser {
  user: User;
  token: string;
  email: string;
  password: string;
}

/** A unique e-mail address, so tests never collide in a shared database. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** Registers a new user through the API and logs in; returns the token for `call(..., { token })`. */
export async function registerAndLogin(
  app: Handler,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<SignedInUser> {
  const name = overrides.name ?? "Erika Mustermann";
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? "geheim123";
  const registered = await callJson(app, "/api/register", {
    json: { name, email, password, confirmPassword: password },
  });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const login = await callJson<{ user: User; token: string }>(app, "/api/login", { json: { email, password } });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  return { user: login.body.user, token: login.body.token, email, password };
}
