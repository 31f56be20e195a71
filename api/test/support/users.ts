import type { User, UserAccount, UserAccountList, UserRole } from "@klarwerk/kit";
import { ownerSetupCode } from "../../src/modules/auth/owner-setup.ts";
import { callJson, type Handler } from "./http.ts";
import { testJwtSecret } from "./jwt-secret.ts";

export interface Credentials {
  name: string;
  email: string;
  password: string;
}

export interface SignedInUser extends Credentials {
  user: User;
  token: string;
}

/** A password the strength rules accept, for accounts whose password a test does not care about. */
export const testPassword = "Kiesel-Orgel-Zimtstern-42";

/**
 * The owner every test database gets first: testConfig() sets OWNER_EMAIL to this address, and
 * on a server without OWNER_EMAIL (benchmarks, the server process tests) it is the first
 * registration of the fresh database. Tests sign other accounts in through its approval.
 */
export const testOwner: Credentials = {
  name: "Olivia Inhaberin",
  email: "inhaberin@example.com",
  password: "Leuchtturm-Wanderung-im-Nebel-7",
};

/** A unique e-mail address, so tests never collide in a shared database. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** The set-up code a test app (testConfig's JWT secret) logs for `ownerEmail`; the owner registers with it. */
export function testSetupCode(ownerEmail: string = testOwner.email): string {
  return ownerSetupCode(testJwtSecret, ownerEmail);
}

/** `POST /api/register` (with the owner's set-up code when given); the answer must be a 201. */
export async function register(
  app: Handler,
  credentials: Credentials,
  { setupCode }: { setupCode?: string } = {},
): Promise<{ access: string }> {
  const answer = await callJson<{ access: string }>(app, "/api/register", {
    json: { ...credentials, confirmPassword: credentials.password, ...(setupCode ? { setupCode } : {}) },
  });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** `POST /api/login`, which must succeed. */
export async function login(app: Handler, credentials: Credentials): Promise<SignedInUser> {
  const answer = await callJson<{ user: User; token: string }>(app, "/api/login", {
    json: { email: credentials.email, password: credentials.password },
  });
  if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { ...credentials, user: answer.body.user, token: answer.body.token };
}

const owners = new WeakMap<Handler, Promise<SignedInUser>>();

/** The owner (an active admin), registered if need be and signed in; one session per app. */
export function signedInOwner(app: Handler): Promise<SignedInUser> {
  let owner = owners.get(app);
  if (!owner) {
    owner = (async () => {
      await register(app, testOwner, { setupCode: testSetupCode() });
      try {
        return await login(app, testOwner);
      } catch (error) {
        throw new Error(
          `the test owner cannot sign in: another account became the owner first (register it before any other, or set OWNER_EMAIL=${testOwner.email}). ${error}`,
        );
      }
    })();
    owners.set(app, owner);
    owner.catch(() => owners.delete(app));
  }
  return owner;
}

/** Who approves: the owner's session kept per app, unless a test passes an admin of its own. */
export interface ApprovalOptions {
  as?: SignedInUser;
}

/** The account with this address, as the user administration lists it. */
export async function findAccount(app: Handler, email: string, { as }: ApprovalOptions = {}): Promise<UserAccount> {
  const { token } = as ?? (await signedInOwner(app));
  const list = await callJson<UserAccountList>(app, "/api/users", { token });
  if (list.status !== 200) throw new Error(`GET /api/users answered ${list.status}: ${JSON.stringify(list.body)}`);
  const account = list.body.users.find((candidate) => candidate.email === email.trim().toLowerCase());
  if (!account) throw new Error(`no account for ${email}`);
  return account;
}

/** Approves the account with this address as the owner, as an admin does in the user administration. */
export async function approve(
  app: Handler,
  email: string,
  role: UserRole = "staff",
  { as }: ApprovalOptions = {},
): Promise<UserAccount> {
  const { token } = as ?? (await signedInOwner(app));
  const { id } = await findAccount(app, email, { as });
  const answer = await callJson<{ user: UserAccount }>(app, `/api/users/${id}`, {
    method: "PATCH",
    json: { status: "active", role },
    token,
  });
  if (answer.status !== 200) throw new Error(`approval answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.user;
}

/**
 * A new account, registered, approved by the owner and signed in: the token is for
 * `call(..., { token })`. `role: "admin"` makes another admin.
 */
export async function registerAndLogin(
  app: Handler,
  overrides: Partial<Credentials> & { role?: UserRole } & ApprovalOptions = {},
): Promise<SignedInUser> {
  const credentials: Credentials = {
    name: overrides.name ?? "Erika Mustermann",
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? testPassword,
  };
  // The owner first: on a server without OWNER_EMAIL the first registration becomes the owner.
  if (!overrides.as) await signedInOwner(app);
  await register(app, credentials);
  await approve(app, credentials.email, overrides.role, { as: overrides.as });
  return login(app, credentials);
}
