import { afterAll, describe, expect, test } from "bun:test";
import type { StoredFile, UserAccount, UserAccountList } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { startFilesTest, upload } from "../storage/upload-helpers.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import {
  login,
  register,
  registerAndLogin,
  type SignedInUser,
  signedInOwner,
  testOwner,
  testPassword,
  uniqueEmail,
} from "../support/users.ts";

const { db, app, stop } = await startFilesTest();
afterAll(stop);

const adminOnly = { message: "Diese Funktion steht nur Administratorinnen und Administratoren zur Verfügung." };
const lastAdmin = {
  message:
    "Das letzte aktive Administrator-Konto kann nicht gesperrt, herabgestuft oder gelöscht werden. Ernennen Sie zuerst eine weitere Person zur Administratorin oder zum Administrator.",
};
const ownAccount = {
  message:
    "Ihr eigenes Konto können Sie nicht sperren, herabstufen oder löschen. Bitten Sie eine andere Administratorin oder einen anderen Administrator darum.",
};

function patch(target: App, id: number, json: unknown, token: string) {
  return callJson<{ user: UserAccount }>(target, `/api/users/${id}`, { method: "PATCH", json, token });
}

function remove(target: App, id: number, token: string) {
  return call(target, `/api/users/${id}`, { method: "DELETE", token });
}

async function accounts(target: App, token: string): Promise<UserAccount[]> {
  const answer = await callJson<UserAccountList>(target, "/api/users", { token });
  expect(answer.status).toBe(200);
  return answer.body.users;
}

async function pendingAccount(name: string): Promise<UserAccount> {
  const email = uniqueEmail("antrag");
  await register(app, { name, email, password: testPassword });
  const owner = await signedInOwner(app);
  const account = (await accounts(app, owner.token)).find((candidate) => candidate.email === email);
  if (!account) throw new Error(`no account for ${email}`);
  return account;
}

describe("GET /api/users", () => {
  test("lists every account, pending requests first, then by name", async () => {
    const owner = await signedInOwner(app);
    const zora = await pendingAccount("Zora Zuletzt");
    const anton = await pendingAccount("anton Anfang");
    const bea = await registerAndLogin(app, { name: "Bea Berger" });
    const list = await accounts(app, owner.token);
    const pendingCount = list.filter((account) => account.status === "pending").length;
    expect(list.slice(0, pendingCount).every((account) => account.status === "pending")).toBe(true);
    const names = (status: string) => list.filter((account) => account.status === status).map((a) => a.name);
    const byName = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase());
    expect(names("pending")).toEqual([...names("pending")].sort(byName));
    expect(names("pending").indexOf(anton.name)).toBeLessThan(names("pending").indexOf(zora.name));
    expect(list.find((account) => account.id === bea.user.id)).toEqual({
      id: bea.user.id,
      name: "Bea Berger",
      email: bea.email,
      role: "staff",
      status: "active",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      approved_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      approved_by_name: testOwner.name,
    });
    expect(list.find((account) => account.id === zora.id)).toMatchObject({ approved_at: null, approved_by_name: null });
    expect(list.find((account) => account.id === owner.user.id)).toMatchObject({ role: "admin", status: "active" });
  });

  test("staff: 403 with a German message; no token: 401", async () => {
    const staff = await registerAndLogin(app);
    expect(await callJson(app, "/api/users", { token: staff.token })).toMatchObject({ status: 403, body: adminOnly });
    expect((await callJson(app, "/api/users")).status).toBe(401);
  });
});

describe("PATCH /api/users/{id}", () => {
  test("approving a request: active, with when and by whom; the account can log in", async () => {
    const owner = await signedInOwner(app);
    const email = uniqueEmail("freigabe");
    const credentials = { name: "Frida Frei", email, password: testPassword };
    await register(app, credentials);
    expect((await callJson(app, "/api/login", { json: credentials })).status).toBe(403);
    const { id } = (await accounts(app, owner.token)).find((account) => account.email === email) ?? { id: 0 };
    const answer = await patch(app, id, { status: "active" }, owner.token);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id, status: "active", role: "staff", approved_by_name: testOwner.name });
    expect(Date.parse(answer.body.user.approved_at ?? "")).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await db.sql<{ approved_by: number }[]>`select approved_by from users where id = ${id}`;
    expect(row?.approved_by).toBe(owner.user.id);
    expect((await login(app, credentials)).user.role).toBe("staff");
  });

  test("the role: a new admin can use the admin routes, demoted again they cannot", async () => {
    const owner = await signedInOwner(app);
    const helper = await registerAndLogin(app, { name: "Hanna Helferin" });
    expect((await patch(app, helper.user.id, { role: "admin" }, owner.token)).body.user.role).toBe("admin");
    expect((await callJson(app, "/api/users", { token: helper.token })).status).toBe(200);
    expect((await callJson(app, "/api/session", { token: helper.token })).body).toMatchObject({
      user: { role: "admin" },
    });
    expect((await patch(app, helper.user.id, { role: "staff" }, owner.token)).body.user.role).toBe("staff");
    expect(await callJson(app, "/api/users", { token: helper.token })).toMatchObject({ status: 403, body: adminOnly });
  });

  test("disabling ends the account's sessions at once; login then says it is locked", async () => {
    const owner = await signedInOwner(app);
    const locked = await registerAndLogin(app, { name: "Sven Sperre" });
    const second = await login(app, locked);
    expect((await patch(app, locked.user.id, { status: "disabled" }, owner.token)).body.user.status).toBe("disabled");
    for (const token of [locked.token, second.token]) {
      expect((await callJson(app, "/api/session", { token })).status).toBe(401);
    }
    expect(await db.sql`select 1 from sessions where user_id = ${locked.user.id}`).toHaveLength(0);
    expect(await callJson(app, "/api/login", { json: locked })).toMatchObject({
      status: 403,
      body: { code: "account-disabled", message: "Ihr Zugang ist gesperrt." },
    });
    // Enabled again: in, with a new approval on record.
    expect((await patch(app, locked.user.id, { status: "active" }, owner.token)).status).toBe(200);
    expect((await login(app, locked)).user.id).toBe(locked.user.id);
  });

  test.each([
    [
      "an unknown status",
      { status: "pending" },
      422,
      "Der Status muss „active“ (freigeben) oder „disabled“ (sperren) sein.",
    ],
    [
      "a status that is no string",
      { status: 1 },
      422,
      "Der Status muss „active“ (freigeben) oder „disabled“ (sperren) sein.",
    ],
    ["an unknown role", { role: "boss" }, 422, "Die Rolle muss „admin“ oder „staff“ sein."],
    ["nothing to change", {}, 422, "Bitte geben Sie einen Status oder eine Rolle an."],
    ["JSON that is no object", null, 422, "Die Anfrage muss ein JSON-Objekt enthalten."],
  ])("%s → %d", async (_, json, status, message) => {
    const owner = await signedInOwner(app);
    const target = await pendingAccount("Ulla Ungueltig");
    expect(await patch(app, target.id, json, owner.token)).toMatchObject({ status, body: { message } });
    expect((await accounts(app, owner.token)).find((account) => account.id === target.id)?.status).toBe("pending");
  });

  test("an unknown id → 404, a malformed one → 400", async () => {
    const owner = await signedInOwner(app);
    expect(await patch(app, 987654321, { status: "active" }, owner.token)).toMatchObject({
      status: 404,
      body: { code: "user-not-found", message: "Dieses Benutzerkonto gibt es nicht (mehr)." },
    });
    const malformed = await callJson(app, "/api/users/abc", {
      method: "PATCH",
      json: { status: "active" },
      token: owner.token,
    });
    expect(malformed).toMatchObject({
      status: 400,
      body: { code: "invalid-id", message: "Die Benutzer-ID ist ungültig." },
    });
  });

  test("staff cannot approve: 403, and the request stays pending", async () => {
    const staff = await registerAndLogin(app);
    const target = await pendingAccount("Nina Nochnicht");
    expect(await patch(app, target.id, { status: "active" }, staff.token)).toMatchObject({
      status: 403,
      body: adminOnly,
    });
    expect([...(await db.sql`select status from users where id = ${target.id}`)]).toEqual([{ status: "pending" }]);
  });
});

describe("names are what the holder registered: PATCH renames nothing", () => {
  // Control characters, the line and paragraph separators and the direction overrides (the
  // registration's rule), at the edges of each range; no rename path must store one.
  const refusedAtRegistration = ["\u001f", "\u007f", "\u0080", "\u009f", "\u2028", "\u2029", "\u202a", "\u202e"];
  const outsideTheRanges = ["\u00a0", "\u2027", "\u202f", "\u2065", "\u206a"];

  const named = (characters: string[]) =>
    characters.map((character) => [character.codePointAt(0)?.toString(16).padStart(4, "0"), character] as const);

  test.each(named(refusedAtRegistration.concat("\u2066", "\u2069")))(
    "registering a name with U+%s inside is a German 422",
    async (_code, character) => {
      const answer = await callJson(app, "/api/register", {
        json: {
          name: `Eva${character}Phish`,
          email: uniqueEmail("steuer"),
          password: testPassword,
          confirmPassword: testPassword,
        },
      });
      expect(answer).toMatchObject({
        status: 422,
        body: { code: "validation", message: expect.stringContaining("Steuerzeichen") },
      });
    },
  );

  test.each(named(outsideTheRanges))(
    "registering a name with U+%s (just outside the ranges) is accepted",
    async (_code, character) => {
      const answer = await callJson(app, "/api/register", {
        json: {
          name: `Eva${character}Muster`,
          email: uniqueEmail("rand"),
          password: testPassword,
          confirmPassword: testPassword,
        },
      });
      expect(answer.status).toBe(201);
    },
  );

  test("a name in PATCH, alone or beside a status, changes no stored name", async () => {
    const owner = await signedInOwner(app);
    const target = await pendingAccount("Rita Richtig");
    for (const character of refusedAtRegistration) {
      const alone = await patch(app, target.id, { name: `Admin${character}Bitte klicken` }, owner.token);
      expect(alone).toMatchObject({
        status: 422,
        body: { message: "Bitte geben Sie einen Status oder eine Rolle an." },
      });
    }
    const approved = await patch(app, target.id, { status: "active", name: "Neu\nName" }, owner.token);
    expect(approved.status).toBe(200);
    expect(approved.body.user.name).toBe("Rita Richtig");
    expect([...(await db.sql`select name from users where id = ${target.id}`)]).toEqual([{ name: "Rita Richtig" }]);
  });
});

describe("DELETE /api/users/{id}", () => {
  test("rejects a request: 204, the account is gone and its address can register again", async () => {
    const owner = await signedInOwner(app);
    const target = await pendingAccount("Rita Abgelehnt");
    expect((await remove(app, target.id, owner.token)).status).toBe(204);
    expect((await accounts(app, owner.token)).some((account) => account.id === target.id)).toBe(false);
    expect((await remove(app, target.id, owner.token)).status).toBe(404);
  });

  test("removes an account: its token is refused at once", async () => {
    const owner = await signedInOwner(app);
    const leaving = await registerAndLogin(app, { name: "Lars Leaving" });
    expect((await remove(app, leaving.user.id, owner.token)).status).toBe(204);
    expect((await callJson(app, "/api/session", { token: leaving.token })).status).toBe(401);
    expect((await callJson(app, "/api/login", { json: leaving })).status).toBe(401);
  });

  test("what the account made stays, attributed by the name it had", async () => {
    const owner = await signedInOwner(app);
    const maker = await registerAndLogin(app, { name: "Mia Macherin", role: "admin" });
    const token = maker.token;
    const file = (await upload(app, token, { name: "bleibt.txt" })).body.file;
    const folder = await callJson<{ folder: { id: number } }>(app, "/api/folders", {
      json: { name: `Bleibt ${crypto.randomUUID().slice(0, 8)}`, parent_id: null },
      token,
    });
    const customer = await callJson<{ customer: { id: number } }>(app, "/api/customers", {
      json: { name: "Bleibt GmbH" },
      token,
    });
    const [request] = await db.sql<{ id: number }[]>`
      insert into contact_requests (name, email, message) values ('Rolf Anfrage', 'rolf@example.com', 'Hallo') returning id`;
    expect((await call(app, `/api/requests/${request?.id}/done`, { method: "PUT", token })).status).toBe(200);
    const approved = await pendingAccount("Alma Approved");
    expect((await patch(app, approved.id, { status: "active" }, token)).status).toBe(200);

    expect((await remove(app, maker.user.id, owner.token)).status).toBe(204);

    const files = await callJson<{ files: StoredFile[] }>(app, "/api/files", { token: owner.token });
    expect(files.body.files.find((entry) => entry.id === file.id)?.uploader_name).toBe("Mia Macherin");
    expect([
      ...(await db.sql`select created_by, created_by_name from folders where id = ${folder.body.folder.id}`),
    ]).toEqual([{ created_by: null, created_by_name: "Mia Macherin" }]);
    expect([
      ...(await db.sql`select created_by, created_by_name, updated_by_name from customers where id = ${customer.body.customer.id}`),
    ]).toEqual([{ created_by: null, created_by_name: "Mia Macherin", updated_by_name: "Mia Macherin" }]);
    expect([
      ...(await db.sql`select done_by, done_by_name from contact_requests where id = ${request?.id ?? 0}`),
    ]).toEqual([{ done_by: null, done_by_name: "Mia Macherin" }]);
    expect((await accounts(app, owner.token)).find((account) => account.id === approved.id)).toMatchObject({
      status: "active",
      approved_by_name: "Mia Macherin",
    });
  });
});

// A database of its own for the last-admin rules: there the owner starts as the only admin.
const fresh = await createTestDatabase();
afterAll(() => fresh.drop());
const own = createTestApp(fresh.sql, testConfig());

describe("nobody locks the company out", () => {
  async function admins(): Promise<SignedInUser[]> {
    const owner = await signedInOwner(own);
    const second = await registerAndLogin(own, { name: "Zweite Admina", email: uniqueEmail("admin"), role: "admin" });
    return [owner, second];
  }

  test("the last active admin cannot disable, demote or delete themselves: 409", async () => {
    const owner = await signedInOwner(own);
    expect(await patch(own, owner.user.id, { status: "disabled" }, owner.token)).toMatchObject({
      status: 409,
      body: lastAdmin,
    });
    expect(await patch(own, owner.user.id, { role: "staff" }, owner.token)).toMatchObject({
      status: 409,
      body: lastAdmin,
    });
    expect(await callJson(own, `/api/users/${owner.user.id}`, { method: "DELETE", token: owner.token })).toMatchObject({
      status: 409,
      body: lastAdmin,
    });
    // Saying what already is changes nothing and is allowed.
    expect((await patch(own, owner.user.id, { status: "active", role: "admin" }, owner.token)).status).toBe(200);
    expect((await callJson(own, "/api/session", { token: owner.token })).body).toMatchObject({
      user: { role: "admin" },
    });
  });

  test("with a second admin, an admin still cannot lock themselves out (409), but can demote the other", async () => {
    const [owner, second] = (await admins()) as [SignedInUser, SignedInUser];
    for (const change of [{ status: "disabled" }, { role: "staff" }]) {
      expect(await patch(own, second.user.id, change, second.token)).toMatchObject({ status: 409, body: ownAccount });
    }
    expect(
      await callJson(own, `/api/users/${second.user.id}`, { method: "DELETE", token: second.token }),
    ).toMatchObject({
      status: 409,
      body: ownAccount,
    });
    expect((await patch(own, second.user.id, { role: "staff" }, owner.token)).status).toBe(200);
    // Now the owner is the last admin again.
    expect(await patch(own, owner.user.id, { role: "staff" }, owner.token)).toMatchObject({
      status: 409,
      body: lastAdmin,
    });
  });

  test("two admins demoting each other at once: one wins, the other is no admin anymore (403)", async () => {
    const [, first] = (await admins()) as [SignedInUser, SignedInUser];
    const second = await registerAndLogin(own, { name: "Dritte Admina", role: "admin" });
    const answers = await Promise.all([
      patch(own, second.user.id, { role: "staff" }, first.token),
      patch(own, first.user.id, { role: "staff" }, second.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    const [row] = await fresh.sql<{ count: number }[]>`
      select count(*)::int as count from users where role = 'admin' and status = 'active'`;
    expect(row?.count).toBe(2);
  });
});
