import { registerAndLogin, type SignedInUser } from "../../api/test/support/users.ts";

/**
 * A new account on the running server at `origin`, signed in: the API tests' own helper, sent
 * over HTTP instead of to `app.handle`.
 */
export function signUp(origin: string): Promise<SignedInUser> {
  const server = {
    handle: (request: Request) => fetch(new Request(request.url.replace("http://localhost", origin), request)),
  };
  return registerAndLogin(server, { name: "Bench", email: `bench-${crypto.randomUUID()}@example.de` });
}
