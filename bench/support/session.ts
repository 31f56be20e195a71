import { overHttp } from "../../api/test/support/http.ts";
import { registerAndLogin, type SignedInUser } from "../../api/test/support/users.ts";

/**
 * A new account on the running server at `origin`, approved by the test owner and signed in: the
 * API tests' own helper, sent over HTTP instead of to `app.handle`.
 */
export function signUp(origin: string): Promise<SignedInUser> {
  return registerAndLogin(overHttp(origin), { name: "Bench", email: `bench-${crypto.randomUUID()}@example.de` });
}

/** As `signUp`, but made an admin by the owner: for the admin screens. */
export function signUpAdmin(origin: string): Promise<SignedInUser> {
  return registerAndLogin(overHttp(origin), {
    name: "Bench Admin",
    email: `bench-admin-${crypto.randomUUID()}@example.de`,
    role: "admin",
  });
}
