import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  type AuditAction,
  type AuditActorKind,
  type AuditChange,
  type AuditEvent,
  addDays,
  auditMessages,
  type DeployKey,
  type ReleasesOverview,
  todayInGermany,
} from "@klarwerk/kit";
import { resetTokenHash } from "../../src/modules/password-reset/links.ts";
import { startFilesTest, upload } from "../storage/upload-helpers.ts";
import { createTestApp, unlimitedRateLimits } from "../support/app.ts";
import { call, callJson } from "../support/http.ts";
import {
  invoiceJson,
  issuableCompany,
  reminderSettingsJson,
  saveCompany,
  storeIssuedInThePast,
} from "../support/invoices.ts";
import { fromAddress, loopbackNetwork, releaseArchive, releaseManifest, visitorTickets } from "../support/releases.ts";
import {
  type Credentials,
  findAccount,
  login,
  register,
  registerAndLogin,
  type SignedInUser,
  signedInOwner,
  testPassword,
  uniqueEmail,
} from "../support/users.ts";

// Every route that changes data writes exactly one audit event, in its transaction,
// naming the right actor, object and fields. The table below is walked against the app's own
// route list: a new route that changes data and is in neither the table nor `exempt` fails.

// A canary is judged after 10 loads here (the automatic stop's event below).
const files = await startFilesTest({ env: { CANARY_MIN_LOADS: "10", RELEASE_ORIGINS: "https://cdn.example.com" } });
afterAll(files.stop);
const { db } = files;
// Many accounts are registered from one address here: the limits are tested on their own below.
// An external release's manifest comes from this map (tests run no TLS server).
const app = createTestApp(db.sql, files.config, {
  rateLimits: unlimitedRateLimits,
  fetchManifest: async () => releaseManifest("dashboard"),
});

let owner: SignedInUser;
let staff: SignedInUser;
let deployKey: { key: DeployKey; secret: string };
beforeAll(async () => {
  owner = await signedInOwner(app);
  staff = await registerAndLogin(app, { name: "Sven Sachbearbeiter" });
  await saveCompany(app);
  deployKey = await createDeployKey("mf-dashboard", "CI Dashboard");
});

/** The deploy key as the actor (named as the Auslieferung's history names it), and the owner's session. */
const byKey = () =>
  ({ actor: `Schlüssel „${deployKey.key.name}“`, actorKind: "deploy_key", actorId: deployKey.key.id }) as const;
const byOwner = () => ({ actor: owner.name, actorKind: "user", actorId: owner.user.id }) as const;

/** A 1 × 1 PNG: the letterhead's logo. */
const logoPng = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="),
  (char) => char.charCodeAt(0),
);

async function lastSeq(): Promise<number> {
  const [row] = await db.sql<{ last_seq: number }[]>`select last_seq from audit_chain`;
  return row?.last_seq ?? 0;
}

async function eventsAfter(seq: number): Promise<AuditEvent[]> {
  const answer = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?limit=200", { token: owner.token });
  expect(answer.status).toBe(200);
  return answer.body.events.filter((event) => event.seq > seq);
}

interface Expected {
  action: AuditAction;
  actor: string;
  /** The actor's kind and id, when the case is about them (a deploy key acts as itself). */
  actorKind?: AuditActorKind;
  actorId?: number;
  /** The object's id; null: the event names none (company settings); omitted: any (a new row's). */
  objectId?: string | null;
  /** The answer's status, when not a 2xx. */
  status?: number;
  fields?: string[];
  /** Fields whose before/after values the event must carry. */
  values?: string[];
  /** Exactly these before/after values (a rollout: what visitors got and get). */
  changes?: Record<string, AuditChange>;
  /**
   * What the route's work writes later by itself, not counted (the backup „Jetzt sichern“ starts
   * writes `backup.created` as System when it ends, which on the embedded database can be at once).
   */
  later?: AuditAction[];
}

/** One data-changing route: how to call it (after any set-up) and the one event it must write. */
interface Case {
  route: string;
  name: string;
  run: () => Promise<{ setUp?: never; call: () => Promise<Response>; expected: Expected }>;
}

async function draftId(): Promise<number> {
  const answer = await callJson<{ invoice: { id: number } }>(app, "/api/invoices", {
    token: staff.token,
    json: invoiceJson(),
  });
  return answer.body.invoice.id;
}

async function issuedId(): Promise<number> {
  const answer = await callJson<{ invoice: { id: number } }>(app, "/api/invoices", {
    token: staff.token,
    json: invoiceJson({ issue: true }),
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.invoice.id;
}

async function quoteId(issue: boolean): Promise<number> {
  const answer = await callJson<{ quote: { id: number } }>(app, "/api/quotes", {
    token: staff.token,
    json: invoiceJson({ issue, issueDate: undefined }),
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.quote.id;
}

/** A Wiederkehrende Rechnung for a customer of its own, first run in a week (nothing runs now). */
async function recurringTemplateJson(): Promise<Record<string, unknown>> {
  const [customer] = await db.sql<{ id: number }[]>`insert into customers (name) values ('Wartung GmbH') returning id`;
  return {
    customerId: customer?.id ?? 0,
    items: [{ description: "Wartung", quantity: 1, unitPriceCents: 5_000 }],
    frequency: "monthly",
    firstOn: addDays(todayInGermany(), 7),
    servicePeriod: "current",
    mode: "draft",
  };
}

async function recurringTemplateId(): Promise<number> {
  const answer = await callJson<{ template: { id: number } }>(app, "/api/recurring-invoices", {
    token: staff.token,
    json: await recurringTemplateJson(),
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.template.id;
}

let pastSequence = 7_000;

/** An invoice issued in 2025 and long overdue (for a reminder). */
async function overdueId(): Promise<number> {
  const invoice = await storeIssuedInThePast(
    db.sql,
    app,
    staff.token,
    invoiceJson({ issueDate: "2025-06-01", paymentTermDays: 14 }),
    `2025-${pastSequence++}`,
  );
  return invoice.id;
}

/** The deletion that put a file or folder in the Papierkorb, deleted by `token`'s account. */
async function trashedBy(token: string, kind: "file" | "folder", id: number): Promise<number> {
  const answer = await call(app, `/api/${kind === "file" ? "files" : "folders"}/${id}`, { method: "DELETE", token });
  if (answer.status !== 204) throw new Error(`delete answered ${answer.status}`);
  const [row] = await db.sql<{ id: number }[]>`
    select id::int as id from file_deletions where kind = ${kind} and item_id = ${id}`;
  if (!row) throw new Error("no deletion");
  return row.id;
}

async function fileId(): Promise<number> {
  const answer = await upload(app, staff.token);
  return answer.body.file.id;
}

async function folderId(): Promise<number> {
  const answer = await callJson<{ folder: { id: number } }>(app, "/api/folders", {
    token: staff.token,
    json: { name: `Ordner ${crypto.randomUUID().slice(0, 8)}` },
  });
  return answer.body.folder.id;
}

async function pendingAccount(): Promise<{ id: number; credentials: Credentials }> {
  const credentials = { name: "Petra Pending", email: uniqueEmail("pending"), password: testPassword };
  await register(app, credentials);
  return { id: (await findAccount(app, credentials.email)).id, credentials };
}

const json = (method: string, path: string, body: unknown, token?: string) => () =>
  call(app, path, { method, json: body, token });

async function createDeployKey(remote: string, name: string): Promise<{ key: DeployKey; secret: string }> {
  const answer = await callJson<{ key: DeployKey; secret: string }>(app, "/api/deploy-keys", {
    token: owner.token,
    json: { remote, name },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body;
}

let releaseCount = 0;

/** A new release of mf-dashboard, uploaded with the deploy key; its version. */
async function released(): Promise<string> {
  const version = `r${++releaseCount}`;
  const answer = await uploadRelease(version, deployKey.secret)();
  if (answer.status !== 201) throw new Error(await answer.text());
  return version;
}

function uploadRelease(version: string, token: string, note = "") {
  const query = new URLSearchParams({ remote: "mf-dashboard", version, note });
  return async () =>
    call(app, `/api/releases/upload?${query}`, {
      token,
      body: await releaseArchive("dashboard", version),
      headers: { "content-type": "application/octet-stream" },
    });
}

const rolloutCall = (action: string, body: unknown, token: string) =>
  json("POST", `/api/releases/mf-dashboard/${action}`, body, token);

async function rolloutStep(action: string, body: unknown): Promise<void> {
  const answer = await rolloutCall(action, body, owner.token)();
  if (answer.status !== 200) throw new Error(await answer.text());
}

/** mf-dashboard's rollout now, by version: what an event's "before" must say. */
async function dashboardRollout() {
  const answer = await callJson<ReleasesOverview>(app, "/api/releases", { token: owner.token });
  const rollout = answer.body.remotes.find((entry) => entry.rollout.remote === "dashboard")?.rollout;
  return {
    active: rollout?.active?.version ?? null,
    canary: rollout?.canary?.version ?? null,
    share: rollout?.canary_share ?? 0,
  };
}

/** An active release and a canary of `share` % on mf-dashboard; the canary's version. */
async function canaryRunning(share: number): Promise<{ active: string; canary: string }> {
  const active = await released();
  await rolloutStep("activate", { version: active });
  const canary = await released();
  await rolloutStep("canary", { version: canary, share });
  return { active, canary };
}

const cases: Case[] = [
  {
    route: "POST /api/register",
    name: "registration",
    run: async () => {
      const email = uniqueEmail("neu");
      return {
        call: json("POST", "/api/register", {
          name: "Nina Neu",
          email,
          password: testPassword,
          confirmPassword: testPassword,
        }),
        expected: { action: "account.registered", actor: auditMessages.visitor, values: ["role", "status"] },
      };
    },
  },
  {
    route: "POST /api/login",
    name: "sign-in",
    run: async () => ({
      call: json("POST", "/api/login", { email: staff.email, password: staff.password }),
      expected: { action: "auth.login_succeeded", actor: staff.name, objectId: String(staff.user.id) },
    }),
  },
  {
    route: "POST /api/login",
    name: "sign-in with a wrong password",
    run: async () => ({
      call: json("POST", "/api/login", { email: staff.email, password: "falsch-falsch-falsch" }),
      expected: {
        action: "auth.login_failed",
        actor: auditMessages.visitor,
        objectId: String(staff.user.id),
        status: 401,
      },
    }),
  },
  {
    route: "POST /api/logout",
    name: "logout",
    run: async () => {
      const session = await login(app, staff);
      return {
        call: json("POST", "/api/logout", undefined, session.token),
        expected: { action: "auth.logout", actor: staff.name, objectId: String(staff.user.id) },
      };
    },
  },
  {
    route: "POST /api/password",
    name: "password change",
    run: async () => {
      const user = await registerAndLogin(app, { name: "Paula Passwort" });
      return {
        call: json(
          "POST",
          "/api/password",
          { currentPassword: user.password, newPassword: "Ganz-neues-Passwort-für-Paula-9" },
          user.token,
        ),
        expected: {
          action: "auth.password_changed",
          actor: user.name,
          objectId: String(user.user.id),
          fields: ["password"],
        },
      };
    },
  },
  {
    route: "POST /api/password-reset",
    name: "reset link asked for",
    run: async () => ({
      call: json("POST", "/api/password-reset", { email: staff.email }),
      expected: {
        action: "auth.password_reset_requested",
        actor: auditMessages.visitor,
        objectId: String(staff.user.id),
      },
    }),
  },
  {
    route: "POST /api/password-reset/confirm",
    name: "password reset with the link",
    run: async () => {
      const user = await registerAndLogin(app, { name: "Rita Reset" });
      const token = "A".repeat(43);
      await db.sql`
        insert into password_reset_tokens (token_hash, user_id, created_at, expires_at)
        values (${resetTokenHash(token)}, ${user.user.id}, now(), now() + interval '1 hour')`;
      return {
        call: json("POST", "/api/password-reset/confirm", { token, newPassword: "Rita-setzt-ein-neues-Passwort-3" }),
        expected: { action: "auth.password_reset", actor: auditMessages.visitor, objectId: String(user.user.id) },
      };
    },
  },
  {
    route: "PATCH /api/users/:id",
    name: "approval",
    run: async () => {
      const { id } = await pendingAccount();
      return {
        call: json("PATCH", `/api/users/${id}`, { status: "active" }, owner.token),
        expected: { action: "account.approved", actor: owner.name, objectId: String(id), values: ["status"] },
      };
    },
  },
  {
    route: "PATCH /api/users/:id",
    name: "lock",
    run: async () => {
      const user = await registerAndLogin(app, { name: "Lars Locked" });
      return {
        call: json("PATCH", `/api/users/${user.user.id}`, { status: "disabled" }, owner.token),
        expected: { action: "account.locked", actor: owner.name, objectId: String(user.user.id), values: ["status"] },
      };
    },
  },
  {
    route: "PATCH /api/users/:id",
    name: "role change",
    run: async () => {
      const user = await registerAndLogin(app, { name: "Rolf Rolle" });
      return {
        call: json("PATCH", `/api/users/${user.user.id}`, { role: "admin" }, owner.token),
        expected: {
          action: "account.role_changed",
          actor: owner.name,
          objectId: String(user.user.id),
          values: ["role"],
        },
      };
    },
  },
  {
    route: "DELETE /api/users/:id",
    name: "rejection",
    run: async () => {
      const { id } = await pendingAccount();
      return {
        call: () => call(app, `/api/users/${id}`, { method: "DELETE", token: owner.token }),
        expected: { action: "account.rejected", actor: owner.name, objectId: String(id) },
      };
    },
  },
  {
    route: "DELETE /api/users/:id",
    name: "deletion",
    run: async () => {
      const user = await registerAndLogin(app, { name: "Doris Delete" });
      return {
        call: () => call(app, `/api/users/${user.user.id}`, { method: "DELETE", token: owner.token }),
        expected: { action: "account.deleted", actor: owner.name, objectId: String(user.user.id) },
      };
    },
  },
  {
    route: "DELETE /api/users/known-devices",
    name: "every account's known browsers forgotten",
    run: async () => ({
      call: () => call(app, "/api/users/known-devices", { method: "DELETE", token: owner.token }),
      expected: {
        action: "account.known_devices_forgotten",
        actor: owner.name,
        objectId: null,
        fields: ["known_devices"],
      },
    }),
  },
  {
    route: "DELETE /api/users/:id/known-devices",
    name: "one account's known browsers forgotten",
    run: async () => ({
      call: () => call(app, `/api/users/${staff.user.id}/known-devices`, { method: "DELETE", token: owner.token }),
      expected: {
        action: "account.known_devices_forgotten",
        actor: owner.name,
        objectId: String(staff.user.id),
        fields: ["known_devices"],
      },
    }),
  },
  {
    route: "POST /api/contact",
    name: "contact form",
    run: async () => ({
      call: json("POST", "/api/contact", { name: "Vera Besucherin", email: "vera@example.com", message: "Hallo!" }),
      expected: { action: "contact_request.received", actor: auditMessages.visitor },
    }),
  },
  {
    route: "PUT /api/requests/:id/done",
    name: "request done",
    run: async () => {
      await call(app, "/api/contact", { json: { name: "Vera", email: "vera@example.com", message: "Eins" } });
      const [row] = await db.sql<{ id: number }[]>`select max(id)::int as id from contact_requests`;
      return {
        call: () => call(app, `/api/requests/${row?.id}/done`, { method: "PUT", token: staff.token }),
        expected: { action: "contact_request.done", actor: staff.name, objectId: String(row?.id) },
      };
    },
  },
  {
    route: "POST /api/requests/:id/reply",
    name: "request replied",
    run: async () => {
      await call(app, "/api/contact", { json: { name: "Vera", email: "vera@example.com", message: "Zwei" } });
      const [row] = await db.sql<{ id: number }[]>`select max(id)::int as id from contact_requests`;
      return {
        call: json("POST", `/api/requests/${row?.id}/reply`, { message: "Gern!" }, staff.token),
        expected: { action: "contact_request.replied", actor: staff.name, objectId: String(row?.id) },
      };
    },
  },
  {
    route: "POST /api/requests/:id/customer",
    name: "request taken over into a new customer: the customer's own create event",
    run: async () => {
      const email = uniqueEmail("uebernahme");
      await call(app, "/api/contact", { json: { name: "Vera Neu", email, message: "Drei" } });
      const [row] = await db.sql<{ id: number }[]>`select max(id)::int as id from contact_requests`;
      return {
        call: json("POST", `/api/requests/${row?.id}/customer`, {}, staff.token),
        expected: { action: "customer.created", actor: staff.name, fields: ["name", "email", "status"] },
      };
    },
  },
  {
    route: "POST /api/requests/:id/customer",
    name: "request linked to an existing customer",
    run: async () => {
      const customer = await callJson<{ customer: { id: number } }>(app, "/api/customers", {
        token: staff.token,
        json: { name: "Bestand GmbH" },
      });
      await call(app, "/api/contact", { json: { name: "Vera", email: uniqueEmail("bestand"), message: "Vier" } });
      const [row] = await db.sql<{ id: number }[]>`select max(id)::int as id from contact_requests`;
      return {
        call: json(
          "POST",
          `/api/requests/${row?.id}/customer`,
          { customer_id: customer.body.customer.id },
          staff.token,
        ),
        expected: {
          action: "contact_request.customer_linked",
          actor: staff.name,
          objectId: String(row?.id),
          fields: ["customer_id"],
        },
      };
    },
  },
  {
    route: "POST /api/customers",
    name: "customer created",
    run: async () => ({
      call: json("POST", "/api/customers", { name: "Bäckerei Groß" }, staff.token),
      expected: { action: "customer.created", actor: staff.name, fields: ["name", "status"] },
    }),
  },
  {
    route: "PUT /api/customers/:id",
    name: "customer changed",
    run: async () => {
      const created = await callJson<{ customer: { id: number } }>(app, "/api/customers", {
        token: staff.token,
        json: { name: "Metzgerei Klein" },
      });
      const id = created.body.customer.id;
      return {
        call: json(
          "PUT",
          `/api/customers/${id}`,
          { name: "Metzgerei Klein", status: "vertrag", phone: "030 1" },
          staff.token,
        ),
        expected: { action: "customer.changed", actor: staff.name, objectId: String(id), fields: ["phone", "status"] },
      };
    },
  },
  ...customerPageCases(),
  {
    route: "GET /api/customers/export",
    name: "customer list exported: format, search, status and row count, never whose",
    run: async () => {
      await callJson(app, "/api/customers", { token: staff.token, json: { name: "Export-Probe Bäckerei" } });
      return {
        call: () => call(app, "/api/customers/export?format=csv&search=export-probe", { token: staff.token }),
        expected: {
          action: "customer.exported",
          actor: staff.name,
          objectId: null,
          changes: {
            format: { before: null, after: "csv" },
            search: { before: null, after: "export-probe" },
            status: { before: null, after: null },
            tag: { before: null, after: null },
            count: { before: null, after: 1 },
          },
        },
      };
    },
  },
  // The CSV import (decision 0099) of a file whose one row matches a customer unchanged: the
  // import's own event alone (each customer it creates or updates has its own event as well:
  // customer-import.test.ts).
  {
    route: "POST /api/customers/imports/:id/run",
    name: "customer import: its counts, never whose",
    run: async () => {
      const id = await checkedImport();
      return {
        call: json("POST", `/api/customers/imports/${id}/run`, {}, staff.token),
        expected: {
          action: "customer.imported",
          actor: staff.name,
          objectId: String(id),
          changes: {
            created: { before: null, after: 0 },
            updated: { before: null, after: 0 },
            unchanged: { before: null, after: 1 },
            skipped: { before: null, after: 0 },
            failed: { before: null, after: 0 },
          },
        },
      };
    },
  },
  {
    route: "POST /api/customers/imports/:id/undo",
    name: "customer import undone: its counts",
    run: async () => {
      const id = await checkedImport();
      await callJson(app, `/api/customers/imports/${id}/run`, { json: {}, token: staff.token });
      return {
        call: () => call(app, `/api/customers/imports/${id}/undo`, { method: "POST", token: staff.token }),
        expected: {
          action: "customer.import_undone",
          actor: staff.name,
          objectId: String(id),
          changes: { deleted: { before: null, after: 0 }, restored: { before: null, after: 0 } },
        },
      };
    },
  },
  {
    route: "POST /api/folders",
    name: "folder created",
    run: async () => ({
      call: json("POST", "/api/folders", { name: `Ordner ${crypto.randomUUID().slice(0, 6)}` }, staff.token),
      expected: { action: "folder.created", actor: staff.name },
    }),
  },
  {
    route: "PATCH /api/folders/:id",
    name: "folder renamed",
    run: async () => {
      const id = await folderId();
      return {
        call: json("PATCH", `/api/folders/${id}`, { name: `Neu ${crypto.randomUUID().slice(0, 6)}` }, staff.token),
        expected: { action: "folder.renamed", actor: staff.name, objectId: String(id), fields: ["name"] },
      };
    },
  },
  {
    route: "PATCH /api/folders/:id",
    name: "folder moved",
    run: async () => {
      const [id, parent] = [await folderId(), await folderId()];
      return {
        call: json("PATCH", `/api/folders/${id}`, { parent_id: parent }, staff.token),
        expected: {
          action: "folder.moved",
          actor: staff.name,
          objectId: String(id),
          changes: { parent_id: { before: null, after: parent } },
        },
      };
    },
  },
  {
    route: "PATCH /api/files/:id",
    name: "file renamed",
    run: async () => {
      const id = await fileId();
      return {
        call: json("PATCH", `/api/files/${id}`, { name: "umbenannt.txt" }, staff.token),
        expected: { action: "file.renamed", actor: staff.name, objectId: String(id), fields: ["original_name"] },
      };
    },
  },
  {
    route: "PATCH /api/files/:id",
    name: "file moved",
    run: async () => {
      const [id, folder] = [await fileId(), await folderId()];
      return {
        call: json("PATCH", `/api/files/${id}`, { folder_id: folder }, staff.token),
        expected: {
          action: "file.moved",
          actor: staff.name,
          objectId: String(id),
          changes: { folder_id: { before: null, after: folder } },
        },
      };
    },
  },
  {
    route: "POST /api/files/upload",
    name: "file uploaded",
    run: async () => ({
      call: () => upload(app, staff.token).then((answer) => answer.response),
      expected: { action: "file.uploaded", actor: staff.name },
    }),
  },
  {
    route: "POST /api/files/:id/download-link",
    name: "download link",
    run: async () => {
      const id = await fileId();
      return {
        call: () => call(app, `/api/files/${id}/download-link`, { method: "POST", token: staff.token }),
        expected: { action: "file.downloaded", actor: staff.name, objectId: String(id) },
      };
    },
  },
  {
    route: "GET /api/files/:id/download",
    name: "download",
    run: async () => {
      const id = await fileId();
      return {
        call: () => call(app, `/api/files/${id}/download`, { token: staff.token }),
        expected: { action: "file.downloaded", actor: staff.name, objectId: String(id) },
      };
    },
  },
  {
    route: "DELETE /api/files/:id",
    name: "file moved to the Papierkorb",
    run: async () => {
      const id = await fileId();
      return {
        call: () => call(app, `/api/files/${id}`, { method: "DELETE", token: staff.token }),
        expected: {
          action: "file.trashed",
          actor: staff.name,
          objectId: String(id),
          fields: ["deletion_id", "files", "folders"],
          values: ["deletion_id", "files", "folders"],
        },
      };
    },
  },
  {
    route: "DELETE /api/folders/:id",
    name: "folder moved to the Papierkorb",
    run: async () => {
      const id = await folderId();
      return {
        call: () => call(app, `/api/folders/${id}`, { method: "DELETE", token: staff.token }),
        expected: { action: "folder.trashed", actor: staff.name, objectId: String(id) },
      };
    },
  },
  {
    route: "POST /api/trash/:id/restore",
    name: "file restored from the Papierkorb",
    run: async () => {
      const id = await fileId();
      const deletion = await trashedBy(staff.token, "file", id);
      return {
        call: json("POST", `/api/trash/${deletion}/restore`, {}, staff.token),
        expected: {
          action: "file.restored",
          actor: staff.name,
          objectId: String(id),
          fields: ["deletion_id", "folder_id"],
        },
      };
    },
  },
  {
    route: "DELETE /api/trash/:id",
    name: "folder purged by hand",
    run: async () => {
      const id = await folderId();
      const deletion = await trashedBy(staff.token, "folder", id);
      return {
        call: () => call(app, `/api/trash/${deletion}`, { method: "DELETE", token: owner.token }),
        expected: {
          action: "folder.purged",
          actor: owner.name,
          objectId: String(id),
          changes: {
            deletion_id: { before: deletion, after: null },
            files: { before: 0, after: 0 },
            folders: { before: 1, after: 0 },
            purge: { before: null, after: "by_hand" },
          },
        },
      };
    },
  },
  {
    route: "POST /api/share-links",
    name: "share link created",
    run: async () => {
      const id = await fileId();
      return {
        call: json("POST", "/api/share-links", { target_kind: "file", target_id: id, days: 7 }, staff.token),
        expected: { action: "share_link.created", actor: staff.name },
      };
    },
  },
  {
    route: "DELETE /api/share-links/:id",
    name: "share link revoked",
    run: async () => {
      const created = await callJson(app, "/api/share-links", {
        token: staff.token,
        json: { target_kind: "file", target_id: await fileId() },
      });
      const linkId = (created.body as { link: { id: number } }).link.id;
      return {
        call: () => call(app, `/api/share-links/${linkId}`, { method: "DELETE", token: staff.token }),
        expected: { action: "share_link.revoked", actor: staff.name, objectId: String(linkId), fields: ["revoked_at"] },
      };
    },
  },
  {
    route: "PUT /api/share-links/settings",
    name: "share links' maximum validity changed",
    run: async () => ({
      // 12 days: longer than the 7 the other cases' links use, so theirs stay valid.
      call: json("PUT", "/api/share-links/settings", { max_days: 12 }, owner.token),
      expected: {
        action: "share_link.settings_changed",
        actor: owner.name,
        objectId: null,
        fields: ["max_days"],
        changes: { max_days: { before: 30, after: 12 } },
      },
    }),
  },
  {
    route: "PUT /api/company",
    name: "company settings",
    run: async () => ({
      call: json("PUT", "/api/company", { ...issuableCompany, contactPhone: "030 987654" }, owner.token),
      expected: { action: "company.changed", actor: owner.name, objectId: null, values: ["contactPhone"] },
    }),
  },
  {
    route: "PUT /api/company/logo",
    name: "letterhead logo changed",
    run: async () => ({
      call: () =>
        call(app, "/api/company/logo", {
          method: "PUT",
          body: new Blob([logoPng], { type: "image/png" }),
          token: owner.token,
        }),
      expected: { action: "company.logo_changed", actor: owner.name, objectId: null, values: ["logo"] },
    }),
  },
  {
    route: "DELETE /api/company/logo",
    name: "letterhead logo removed",
    run: async () => {
      await call(app, "/api/company/logo", {
        method: "PUT",
        body: new Blob([logoPng], { type: "image/png" }),
        token: owner.token,
      });
      return {
        call: () => call(app, "/api/company/logo", { method: "DELETE", token: owner.token }),
        expected: { action: "company.logo_removed", actor: owner.name, objectId: null, values: ["logo"] },
      };
    },
  },
  {
    route: "PUT /api/company/datev",
    name: "DATEV settings",
    run: async () => ({
      call: json("PUT", "/api/company/datev", { consultantNumber: 29098, clientNumber: 55003 }, owner.token),
      expected: {
        action: "company.datev_changed",
        ...byOwner(),
        objectId: null,
        values: ["consultantNumber", "clientNumber"],
      },
    }),
  },
  {
    route: "PUT /api/invoices/reminder-settings",
    name: "Mahnwesen settings",
    run: async () => ({
      call: json("PUT", "/api/invoices/reminder-settings", reminderSettingsJson, owner.token),
      expected: { action: "company.reminders_changed", ...byOwner(), objectId: null },
    }),
  },
  {
    route: "POST /api/invoices/base-rates",
    name: "a Basiszinssatz entered",
    run: async () => ({
      call: json("POST", "/api/invoices/base-rates", { validFrom: "2030-01-01", ratePercent: 1.5 }, owner.token),
      expected: { action: "company.base_rate_changed", ...byOwner(), objectId: null, values: ["baseRate"] },
    }),
  },
  {
    route: "DELETE /api/invoices/base-rates/:validFrom",
    name: "a Basiszinssatz deleted",
    run: async () => {
      await call(app, "/api/invoices/base-rates", {
        token: owner.token,
        json: { validFrom: "2031-01-01", ratePercent: 1.5 },
      });
      return {
        call: () => call(app, "/api/invoices/base-rates/2031-01-01", { token: owner.token, method: "DELETE" }),
        expected: { action: "company.base_rate_changed", ...byOwner(), objectId: null, values: ["baseRate"] },
      };
    },
  },
  {
    route: "POST /api/invoices/:id/reminders",
    name: "a reminder made",
    run: async () => {
      const id = await overdueId();
      return {
        call: json("POST", `/api/invoices/${id}/reminders`, {}, staff.token),
        expected: { action: "invoice.reminded", actor: staff.name, objectId: String(id), values: ["reminder"] },
      };
    },
  },
  {
    route: "POST /api/invoices/reminders",
    name: "reminders made for many: one event per reminder",
    run: async () => {
      const id = await overdueId();
      return {
        call: json("POST", "/api/invoices/reminders", { ids: [id] }, staff.token),
        expected: { action: "invoice.reminded", actor: staff.name, objectId: String(id), values: ["reminder"] },
      };
    },
  },
  {
    route: "GET /api/invoices/datev",
    name: "DATEV export: the period, count and sum, never whose",
    run: async () => {
      await call(app, "/api/company/datev", {
        method: "PUT",
        json: { consultantNumber: 29098, clientNumber: 55003 },
        token: owner.token,
      });
      return {
        call: () => call(app, "/api/invoices/datev?from=2020-01-01&to=2020-03-31", { token: owner.token }),
        expected: {
          action: "invoice.datev_exported",
          ...byOwner(),
          objectId: null,
          changes: {
            period: { before: null, after: "2020-01-01/2020-03-31" },
            count: { before: null, after: 0 },
            sum: { before: null, after: "0,00\u00a0€" },
          },
        },
      };
    },
  },
  {
    route: "POST /api/recurring-invoices",
    name: "recurring invoice created",
    run: async () => ({
      call: json("POST", "/api/recurring-invoices", await recurringTemplateJson(), staff.token),
      expected: { action: "recurring_invoice.created", actor: staff.name, values: ["frequency"] },
    }),
  },
  {
    route: "PUT /api/recurring-invoices/:id",
    name: "recurring invoice changed",
    run: async () => {
      const id = await recurringTemplateId();
      const changed = { ...(await recurringTemplateJson()), notes: "Neu" };
      return {
        call: json("PUT", `/api/recurring-invoices/${id}`, changed, staff.token),
        expected: { action: "recurring_invoice.changed", actor: staff.name, objectId: String(id) },
      };
    },
  },
  ...(["pause", "resume", "end"] as const).map((step) => ({
    route: `POST /api/recurring-invoices/:id/${step}`,
    name: `recurring invoice: ${step}`,
    run: async () => {
      const id = await recurringTemplateId();
      if (step === "resume")
        await call(app, `/api/recurring-invoices/${id}/pause`, { method: "POST", token: staff.token });
      const action = ({ pause: "paused", resume: "resumed", end: "ended" } as const)[step];
      return {
        call: () => call(app, `/api/recurring-invoices/${id}/${step}`, { method: "POST", token: staff.token }),
        expected: {
          action: `recurring_invoice.${action}` as const,
          actor: staff.name,
          objectId: String(id),
          values: ["state"],
        },
      };
    },
  })),
  {
    route: "POST /api/quotes",
    name: "quote draft saved",
    run: async () => ({
      call: json("POST", "/api/quotes", invoiceJson(), staff.token),
      expected: { action: "quote.draft_saved", actor: staff.name, values: ["recipient"] },
    }),
  },
  {
    route: "POST /api/quotes",
    name: "quote issued at once",
    run: async () => ({
      call: json("POST", "/api/quotes", invoiceJson({ issue: true }), staff.token),
      expected: { action: "quote.issued", actor: staff.name, values: ["number", "state"] },
    }),
  },
  {
    route: "PUT /api/quotes/:id",
    name: "quote draft changed",
    run: async () => {
      const id = await quoteId(false);
      return {
        call: json("PUT", `/api/quotes/${id}`, invoiceJson({ notes: "Neu" }), staff.token),
        expected: { action: "quote.draft_saved", actor: staff.name, objectId: String(id), fields: ["notes"] },
      };
    },
  },
  {
    route: "DELETE /api/quotes/:id",
    name: "quote draft deleted",
    run: async () => {
      const id = await quoteId(false);
      return {
        call: () => call(app, `/api/quotes/${id}`, { method: "DELETE", token: staff.token }),
        expected: { action: "quote.draft_deleted", actor: staff.name, objectId: String(id) },
      };
    },
  },
  {
    route: "POST /api/quotes/:id/accept",
    name: "quote accepted",
    run: async () => {
      const id = await quoteId(true);
      return {
        call: () => call(app, `/api/quotes/${id}/accept`, { method: "POST", token: staff.token }),
        expected: { action: "quote.accepted", actor: staff.name, objectId: String(id), values: ["decision"] },
      };
    },
  },
  {
    route: "POST /api/quotes/:id/reject",
    name: "quote rejected",
    run: async () => {
      const id = await quoteId(true);
      return {
        call: () => call(app, `/api/quotes/${id}/reject`, { method: "POST", token: staff.token }),
        expected: { action: "quote.rejected", actor: staff.name, objectId: String(id), values: ["decision"] },
      };
    },
  },
  {
    route: "POST /api/quotes/:id/invoice",
    name: "quote converted",
    run: async () => {
      const id = await quoteId(true);
      return {
        call: json("POST", `/api/quotes/${id}/invoice`, {}, staff.token),
        expected: { action: "quote.converted", actor: staff.name, objectId: String(id), fields: ["invoice"] },
      };
    },
  },
  {
    route: "POST /api/quotes/:id/mail",
    name: "quote sent by mail: every recipient, the subject and the PDF",
    run: async () => {
      const id = await quoteId(true);
      return {
        call: json(
          "POST",
          `/api/quotes/${id}/mail`,
          { to: ["einkauf@example.com", "chef@example.com"], subject: "Angebot", text: "Anbei." },
          staff.token,
        ),
        expected: {
          action: "quote.mailed",
          actor: staff.name,
          objectId: String(id),
          values: ["recipients", "subject", "attachments"],
        },
      };
    },
  },
  {
    route: "POST /api/invoices",
    name: "draft saved",
    run: async () => ({
      call: json("POST", "/api/invoices", invoiceJson(), staff.token),
      expected: { action: "invoice.draft_saved", actor: staff.name, values: ["recipient"] },
    }),
  },
  {
    route: "POST /api/invoices",
    name: "issued at once",
    run: async () => ({
      call: json("POST", "/api/invoices", invoiceJson({ issue: true }), staff.token),
      expected: { action: "invoice.issued", actor: staff.name, values: ["number", "state"] },
    }),
  },
  {
    route: "PUT /api/invoices/:id",
    name: "draft changed",
    run: async () => {
      const id = await draftId();
      return {
        call: json("PUT", `/api/invoices/${id}`, invoiceJson({ notes: "Neu" }), staff.token),
        expected: {
          action: "invoice.draft_saved",
          actor: staff.name,
          objectId: String(id),
          fields: ["notes"],
          values: ["notes"],
        },
      };
    },
  },
  {
    route: "PUT /api/invoices/:id",
    name: "draft issued",
    run: async () => {
      const id = await draftId();
      return {
        call: json("PUT", `/api/invoices/${id}`, invoiceJson({ issue: true }), staff.token),
        expected: { action: "invoice.issued", actor: staff.name, objectId: String(id), values: ["number", "state"] },
      };
    },
  },
  {
    route: "DELETE /api/invoices/:id",
    name: "draft deleted",
    run: async () => {
      const id = await draftId();
      return {
        call: () => call(app, `/api/invoices/${id}`, { method: "DELETE", token: staff.token }),
        expected: { action: "invoice.draft_deleted", actor: staff.name, objectId: String(id) },
      };
    },
  },
  {
    route: "POST /api/invoices/:id/cancel",
    name: "storno",
    run: async () => {
      const id = await issuedId();
      return {
        call: () => call(app, `/api/invoices/${id}/cancel`, { method: "POST", token: staff.token }),
        expected: { action: "invoice.cancelled", actor: staff.name, objectId: String(id) },
      };
    },
  },
  {
    route: "POST /api/invoices/:id/payment",
    name: "payment",
    run: async () => {
      const id = await issuedId();
      return {
        call: json("POST", `/api/invoices/${id}/payment`, { paidOn: todayInGermany() }, staff.token),
        expected: {
          action: "invoice.paid",
          actor: staff.name,
          objectId: String(id),
          fields: ["paid_on"],
          values: ["paid_on"],
        },
      };
    },
  },
  {
    route: "POST /api/invoices/:id/payments",
    name: "partial payment",
    run: async () => {
      const id = await issuedId();
      return {
        call: json("POST", `/api/invoices/${id}/payments`, { paidOn: todayInGermany(), amountCents: 100 }, staff.token),
        expected: { action: "invoice.paid", actor: staff.name, objectId: String(id), values: ["payment"] },
      };
    },
  },
  {
    route: "POST /api/invoices/:id/mail",
    name: "invoice sent by mail: every recipient, the subject and the attachments",
    run: async () => {
      const id = await issuedId();
      return {
        call: json(
          "POST",
          `/api/invoices/${id}/mail`,
          {
            to: ["kunde@example.com", "buchhaltung@example.com"],
            subject: "Rechnung",
            text: "Anbei.",
            attachXml: false,
          },
          staff.token,
        ),
        expected: {
          action: "invoice.mailed",
          actor: staff.name,
          objectId: String(id),
          values: ["recipients", "subject", "attachments"],
        },
      };
    },
  },
  {
    route: "PUT /api/company/mail-templates/:kind",
    name: "mail template of one kind",
    run: async () => ({
      call: json(
        "PUT",
        "/api/company/mail-templates/quote",
        { subject: "Angebot {nummer}", text: "Anbei Angebot {nummer}." },
        owner.token,
      ),
      expected: {
        action: "company.mail_templates_changed",
        ...byOwner(),
        objectId: "quote",
        fields: ["subject", "text"],
      },
    }),
  },
  {
    route: "DELETE /api/invoices/:id/payments/:paymentId",
    name: "payment deleted",
    run: async () => {
      const id = await issuedId();
      const paid = await callJson<{ invoice: { payments: { id: number }[] } }>(app, `/api/invoices/${id}/payments`, {
        token: staff.token,
        json: { paidOn: todayInGermany(), amountCents: 100 },
      });
      const paymentId = paid.body.invoice.payments[0]?.id;
      return {
        call: () => call(app, `/api/invoices/${id}/payments/${paymentId}`, { method: "DELETE", token: staff.token }),
        expected: { action: "invoice.payment_deleted", actor: staff.name, objectId: String(id), values: ["payment"] },
      };
    },
  },
  {
    route: "POST /api/outbox/:id/retry",
    name: "mail sent again",
    run: async () => {
      const [mail] = await db.sql<{ id: number }[]>`
        update outbox set state = 'failed' where id = (select max(id) from outbox) returning id::int`;
      return {
        call: () => call(app, `/api/outbox/${mail?.id}/retry`, { method: "POST", token: owner.token }),
        expected: { action: "mail.resent", actor: owner.name, objectId: String(mail?.id) },
      };
    },
  },
  {
    route: "POST /api/releases/upload",
    name: "release uploaded with a deploy key",
    run: async () => {
      const version = `r${++releaseCount}`;
      return {
        call: uploadRelease(version, deployKey.secret, "Neue Suche"),
        expected: {
          action: "release.created",
          ...byKey(),
          objectId: "mf-dashboard",
          changes: {
            version: { before: null, after: version },
            kind: { before: null, after: "uploaded" },
            manifest_url: { before: null, after: `/remotes/mf-dashboard/releases/${version}/mf-manifest.json` },
            note: { before: null, after: "Neue Suche" },
          },
        },
      };
    },
  },
  {
    route: "POST /api/releases",
    name: "external release by an admin",
    run: async () => {
      const version = `r${++releaseCount}`;
      const url = `https://cdn.example.com/dashboard/${version}/mf-manifest.json`;
      return {
        call: json(
          "POST",
          "/api/releases",
          { remote: "mf-dashboard", version, manifest_url: url, note: "" },
          owner.token,
        ),
        expected: {
          action: "release.created",
          ...byOwner(),
          objectId: "mf-dashboard",
          changes: {
            version: { before: null, after: version },
            kind: { before: null, after: "external" },
            manifest_url: { before: null, after: url },
          },
        },
      };
    },
  },
  {
    route: "POST /api/releases/:remote/activate",
    name: "release activated with a deploy key",
    run: async () => {
      const version = await released();
      const before = await dashboardRollout();
      return {
        call: rolloutCall("activate", { version }, deployKey.secret),
        expected: {
          action: "release.activated",
          ...byKey(),
          objectId: "mf-dashboard",
          changes: { active: { before: before.active, after: version } },
        },
      };
    },
  },
  {
    route: "POST /api/releases/:remote/activate",
    name: "rollback to an earlier release by an admin",
    run: async () => {
      const earlier = await released();
      await rolloutStep("activate", { version: earlier });
      const later = await released();
      await rolloutStep("activate", { version: later });
      return {
        call: rolloutCall("activate", { version: earlier }, owner.token),
        expected: {
          action: "release.rolled_back",
          ...byOwner(),
          objectId: "mf-dashboard",
          changes: { active: { before: later, after: earlier } },
        },
      };
    },
  },
  {
    route: "POST /api/releases/:remote/canary",
    name: "canary started with a deploy key",
    run: async () => {
      const active = await released();
      await rolloutStep("activate", { version: active });
      const version = await released();
      return {
        call: rolloutCall("canary", { version, share: 25 }, deployKey.secret),
        expected: {
          action: "release.canary_started",
          ...byKey(),
          objectId: "mf-dashboard",
          changes: { canary: { before: null, after: version }, share: { before: 0, after: 25 } },
        },
      };
    },
  },
  {
    route: "POST /api/releases/:remote/promote",
    name: "canary promoted by an admin",
    run: async () => {
      const { active, canary } = await canaryRunning(40);
      return {
        call: rolloutCall("promote", {}, owner.token),
        expected: {
          action: "release.promoted",
          ...byOwner(),
          objectId: "mf-dashboard",
          changes: {
            active: { before: active, after: canary },
            canary: { before: canary, after: null },
            share: { before: 40, after: 0 },
          },
        },
      };
    },
  },
  {
    route: "POST /api/releases/:remote/stop",
    name: "canary stopped with a deploy key",
    run: async () => {
      const { canary } = await canaryRunning(10);
      return {
        call: rolloutCall("stop", {}, deployKey.secret),
        expected: {
          action: "release.canary_stopped",
          ...byKey(),
          objectId: "mf-dashboard",
          changes: { canary: { before: canary, after: null }, share: { before: 10, after: 0 } },
        },
      };
    },
  },
  {
    route: "DELETE /api/releases/:remote/:version",
    name: "release deleted by an admin",
    run: async () => {
      const version = await released();
      return {
        call: () => call(app, `/api/releases/mf-dashboard/${version}`, { method: "DELETE", token: owner.token }),
        expected: {
          action: "release.deleted",
          ...byOwner(),
          objectId: "mf-dashboard",
          changes: {
            version: { before: version, after: null },
            kind: { before: "uploaded", after: null },
            manifest_url: { before: `/remotes/mf-dashboard/releases/${version}/mf-manifest.json`, after: null },
          },
        },
      };
    },
  },
  {
    route: "POST /api/operations/backup",
    name: "„Jetzt sichern“ pressed",
    run: async () => {
      backupRunsBeforeRequest = await finishedBackupRuns();
      return {
        call: json("POST", "/api/operations/backup", {}, owner.token),
        expected: {
          action: "backup.requested",
          status: 202,
          ...byOwner(),
          objectId: null,
          later: ["backup.created"],
        },
      };
    },
  },
  {
    route: "POST /api/deploy-keys",
    name: "deploy key created",
    run: async () => {
      await backupFinished();
      return {
        call: json("POST", "/api/deploy-keys", { remote: "mf-files", name: "CI Dateien" }, owner.token),
        expected: {
          action: "deploy_key.created",
          ...byOwner(),
          changes: { remote: { before: null, after: "mf-files" }, name: { before: null, after: "CI Dateien" } },
        },
      };
    },
  },
  {
    route: "DELETE /api/deploy-keys/:id",
    name: "deploy key revoked",
    run: async () => {
      const { key } = await createDeployKey("mf-files", "Wegwerf");
      return {
        call: () => call(app, `/api/deploy-keys/${key.id}`, { method: "DELETE", token: owner.token }),
        expected: { action: "deploy_key.revoked", actor: owner.name, objectId: String(key.id), fields: ["revoked_at"] },
      };
    },
  },
  {
    route: "POST /api/privacy/cases",
    name: "Datenschutz-Anfrage recorded: the fields' names, never the address",
    run: async () => ({
      call: json("POST", "/api/privacy/cases", { email: "person@example.de", kind: "both" }, owner.token),
      expected: { action: "privacy_case.opened", ...byOwner(), fields: ["email", "kind", "received_on"] },
    }),
  },
  {
    route: "PATCH /api/privacy/cases/:id",
    name: "Datenschutz-Anfrage closed",
    run: async () => {
      const id = await privacyCaseId();
      return {
        call: json("PATCH", `/api/privacy/cases/${id}`, { status: "done" }, owner.token),
        expected: { action: "privacy_case.changed", ...byOwner(), objectId: String(id), fields: ["status"] },
      };
    },
  },
  {
    route: "GET /api/privacy/cases/:id/auskunft.zip",
    name: "Auskunft downloaded",
    run: async () => {
      const id = await privacyCaseId();
      return {
        call: () => call(app, `/api/privacy/cases/${id}/auskunft.zip`, { token: owner.token }),
        expected: { action: "privacy_case.access_exported", ...byOwner(), objectId: String(id) },
      };
    },
  },
  {
    route: "POST /api/privacy/cases/:id/erasure",
    name: "Löschung carried out: counts, never the person's data",
    run: async () => {
      const id = await privacyCaseId("erasure");
      return {
        call: () => call(app, `/api/privacy/cases/${id}/erasure`, { method: "POST", token: owner.token }),
        expected: { action: "privacy_case.erasure_carried_out", ...byOwner(), objectId: String(id) },
      };
    },
  },
];

/** Finished backups and drills (`backup_runs`), ok or failed. */
async function finishedBackupRuns(): Promise<number> {
  const [row] = await db.sql<
    { count: number }[]
  >`select count(*)::int as count from backup_runs where result <> 'running'`;
  return row?.count ?? 0;
}

let backupRunsBeforeRequest = 0;

/**
 * „Jetzt sichern“ answers before its backup ends, and the backup's own event (`backup.created`)
 * would fall into the next route's count: the next route waits for it to finish.
 */
async function backupFinished(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await finishedBackupRuns()) <= backupRunsBeforeRequest) {
    if (Date.now() > deadline) throw new Error("the backup „Jetzt sichern“ started did not finish");
    await Bun.sleep(20);
  }
}

async function privacyCaseId(kind: "access" | "erasure" = "access"): Promise<number> {
  const answer = await callJson<{ case: { id: number } }>(app, "/api/privacy/cases", {
    token: owner.token,
    json: { email: "person@example.de", kind },
  });
  return answer.body.case.id;
}

/** Routes that change no data of the product's (or only what another listed event covers). */
/** The customer page's writes (decision 0095): each one event on the customer, naming fields only. */
function customerPageCases(): Case[] {
  const customer = async (name: string) =>
    (await callJson<{ customer: { id: number } }>(app, "/api/customers", { token: staff.token, json: { name } })).body
      .customer.id;
  const contact = async (id: number) =>
    (
      await callJson<{ contact: { id: number } }>(app, `/api/customers/${id}/contacts`, {
        token: staff.token,
        json: { name: "Petra Pohl" },
      })
    ).body.contact.id;
  return [
    {
      route: "POST /api/customers/:id/contacts",
      name: "Ansprechpartner added",
      run: async () => {
        const id = await customer("Ansprechpartner GmbH");
        return {
          call: json("POST", `/api/customers/${id}/contacts`, { name: "Petra", email: "p@x.de" }, staff.token),
          expected: {
            actor: staff.name,
            action: "customer.contact_added",
            objectId: String(id),
            fields: ["name", "email"],
          },
        };
      },
    },
    {
      route: "PUT /api/customers/:id/contacts/:contactId",
      name: "Ansprechpartner changed",
      run: async () => {
        const id = await customer("Ansprechpartner Zwei GmbH");
        const contactId = await contact(id);
        return {
          call: json(
            "PUT",
            `/api/customers/${id}/contacts/${contactId}`,
            { name: "Petra Pohl", role: "Chefin" },
            staff.token,
          ),
          expected: { actor: staff.name, action: "customer.contact_changed", objectId: String(id), fields: ["role"] },
        };
      },
    },
    {
      route: "DELETE /api/customers/:id/contacts/:contactId",
      name: "Ansprechpartner removed",
      run: async () => {
        const id = await customer("Ansprechpartner Drei GmbH");
        const contactId = await contact(id);
        return {
          call: () => call(app, `/api/customers/${id}/contacts/${contactId}`, { method: "DELETE", token: staff.token }),
          expected: {
            actor: staff.name,
            action: "customer.contact_removed",
            objectId: String(id),
            fields: ["contact"],
          },
        };
      },
    },
    {
      route: "POST /api/customers/:id/tags",
      name: "tag added",
      run: async () => {
        const id = await customer("Tag GmbH");
        return {
          call: json("POST", `/api/customers/${id}/tags`, { tag: "B2B" }, staff.token),
          expected: { actor: staff.name, action: "customer.tag_added", objectId: String(id), fields: ["tag"] },
        };
      },
    },
    {
      route: "DELETE /api/customers/:id/tags/:tag",
      name: "tag removed",
      run: async () => {
        const id = await customer("Tag Zwei GmbH");
        await callJson(app, `/api/customers/${id}/tags`, { token: staff.token, json: { tag: "B2B" } });
        return {
          call: () => call(app, `/api/customers/${id}/tags/B2B`, { method: "DELETE", token: staff.token }),
          expected: { actor: staff.name, action: "customer.tag_removed", objectId: String(id), fields: ["tag"] },
        };
      },
    },
    {
      route: "POST /api/customers/:id/timeline",
      name: "call logged",
      run: async () => {
        const id = await customer("Zeitleiste GmbH");
        return {
          call: json("POST", `/api/customers/${id}/timeline`, { kind: "call", text: "Rückruf" }, staff.token),
          expected: { actor: staff.name, action: "customer.activity_logged", objectId: String(id), fields: ["call"] },
        };
      },
    },
    {
      route: "POST /api/customers/:id/files",
      name: "file linked (decision 0103)",
      run: async () => {
        const id = await customer("Datei GmbH");
        const file = await fileId();
        return {
          call: json("POST", `/api/customers/${id}/files`, { file_id: file }, staff.token),
          expected: {
            actor: staff.name,
            action: "customer.file_linked",
            objectId: String(id),
            fields: ["file_id"],
            changes: { file_id: { before: null, after: file } },
          },
        };
      },
    },
    {
      route: "DELETE /api/customers/:id/files/:fileId",
      name: "file unlinked (decision 0103)",
      run: async () => {
        const id = await customer("Datei Zwei GmbH");
        const file = await fileId();
        await callJson(app, `/api/customers/${id}/files`, { token: staff.token, json: { file_id: file } });
        return {
          call: () => call(app, `/api/customers/${id}/files/${file}`, { method: "DELETE", token: staff.token }),
          expected: {
            actor: staff.name,
            action: "customer.file_unlinked",
            objectId: String(id),
            fields: ["file_id"],
            changes: { file_id: { before: file, after: null } },
          },
        };
      },
    },
  ];
}

/** An import of one row that matches a customer as it is, checked by its dry run. */
async function checkedImport(): Promise<number> {
  const name = `Import-Probe ${crypto.randomUUID().slice(0, 8)}`;
  await callJson(app, "/api/customers", { token: staff.token, json: { name, email: `${name.slice(-8)}@example.de` } });
  const body = new Blob([`Name;E-Mail\n${name};${name.slice(-8)}@example.de\n`], { type: "application/octet-stream" });
  const answer = await callJson<{ import: { id: number } }>(app, "/api/customers/imports", {
    body,
    token: staff.token,
  });
  const id = answer.body.import.id;
  await callJson(app, `/api/customers/imports/${id}/dry-run`, {
    json: { mapping: ["name", "email"] },
    token: staff.token,
  });
  return id;
}

const exempt: Record<string, string> = {
  "ALL /api": "the JSON 404 for a path no module claims",
  "ALL /api/*": "the JSON 404 for a path no module claims",
  "POST /api/client-errors":
    "a browser's error report: telemetry, no staff action (a canary it stops is a System event: tested below)",
  "POST /api/client-loads": "a browser's load count: telemetry, no staff action",
  "POST /api/customers/imports":
    "keeps the uploaded file (at most 24 hours) for the dry run: no customer changes; the import is the event (customer.imported)",
  "POST /api/customers/imports/:id/dry-run":
    "judges the rows and remembers the mapping: no customer changes; the import is the event (customer.imported)",
  "POST /api/recurring-invoices/run":
    "the daily job now: one event per run it makes (recurring_invoice.run or .caught_up), none when nothing is due (recurring-invoices.test.ts)",
};

describe("every data-changing route writes exactly one audit event", () => {
  for (const entry of cases) {
    test(`${entry.route}: ${entry.name}`, async () => {
      const { call: run, expected } = await entry.run();
      const before = await lastSeq();
      const response = await run();
      if (expected.status === undefined) expect(response.status).toBeLessThan(300);
      else expect(response.status).toBe(expected.status);
      const events = (await eventsAfter(before)).filter(
        (event) => !(expected.later?.includes(event.action) && event.actor_kind === "system"),
      );
      expect(events.map((event) => event.action)).toEqual([expected.action]);
      const [event] = events;
      expect(event?.actor_name).toBe(expected.actor);
      if (expected.actorKind !== undefined) expect(event?.actor_kind).toBe(expected.actorKind);
      if (expected.actorId !== undefined) expect(event?.actor_id ?? null).toBe(expected.actorId);
      // The privacy notice keeps a visitor's address only in the abuse counters' windows.
      if (expected.actor === auditMessages.visitor) expect(event?.client_address).toBeNull();
      else expect(event?.client_address ?? null).not.toBeNull();
      if (expected.objectId === undefined) expect(event?.object_id).toMatch(/^\d+$/);
      else expect(event?.object_id ?? null).toBe(expected.objectId);
      for (const field of expected.fields ?? []) expect(event?.fields).toContain(field);
      for (const field of expected.values ?? []) expect(Object.keys(event?.changes ?? {})).toContain(field);
      if (expected.changes !== undefined) {
        expect(event?.changes ?? null).toEqual(expected.changes);
        expect(event?.fields ?? []).toEqual(Object.keys(expected.changes));
      }
      // Never a secret: no password hash, token, deploy key or link in what the trail shows.
      expect(JSON.stringify(event)).not.toMatch(/password_hash|\$argon2|token|Bearer|kwdk_|secret/i);
    });
  }

  test("a sign-in refused by the limit is recorded as such", async () => {
    const email = uniqueEmail("angriff");
    await register(app, { name: "Ziel", email, password: testPassword });
    const limited = createTestApp(db.sql, files.config);
    let refused = false;
    const before = await lastSeq();
    for (let attempt = 0; attempt < 30 && !refused; attempt++) {
      const answer = await call(limited, "/api/login", { json: { email, password: "nicht-das-passwort" } });
      refused = answer.status === 429;
    }
    expect(refused).toBe(true);
    const actions = (await eventsAfter(before)).map((event) => event.action);
    expect(actions[0]).toBe("auth.login_limited");
    expect(actions.slice(1).every((action) => action === "auth.login_failed")).toBe(true);
  });

  test("revoking a revoked deploy key again changes nothing and records nothing", async () => {
    const { key } = await createDeployKey("mf-files", "Zweimal");
    const revoke = () => call(app, `/api/deploy-keys/${key.id}`, { method: "DELETE", token: owner.token });
    expect((await revoke()).status).toBe(204);
    const before = await lastSeq();
    expect((await revoke()).status).toBe(204);
    expect(await eventsAfter(before)).toEqual([]);
  });

  test("a canary stopped for its error rate is one event by „System“, in the stop's transaction", async () => {
    const { active, canary } = await canaryRunning(30);
    const load = (version: string, ticket: string) =>
      call(app, "/api/client-loads", { json: { remote: "mf-dashboard", version, ticket } });
    // A canary counts networks: each visitor's page load comes from a /24 of its own, over a
    // socket to a second process of this deployment.
    const listening = createTestApp(db.sql, files.config, { rateLimits: unlimitedRateLimits }).listen({
      port: 0,
      hostname: "127.0.0.1",
    });
    const base = `http://127.0.0.1:${listening.server?.port}`;
    const visitor = (index: number) => fromAddress(base, loopbackNetwork(index + 1));
    for (const ticket of await visitorTickets(visitor, "dashboard", active, 10))
      expect((await load(active, ticket)).status).toBe(204);
    const canaryTickets = await visitorTickets(visitor, "dashboard", canary, 10);
    await listening.stop();
    for (const ticket of canaryTickets) expect((await load(canary, ticket)).status).toBe(204);
    const error = (ticket: string | undefined) =>
      call(app, "/api/client-errors", {
        json: {
          remote: "mf-dashboard",
          version: canary,
          kind: "render",
          route: "/dashboard",
          message: "TypeError: kaputt",
          browser: "Chrome 140",
          ticket,
        },
      });
    // One failing network alone decides nothing; the second stops the canary.
    expect((await error(canaryTickets[0])).status).toBe(204);
    expect((await dashboardRollout()).canary).not.toBeNull();
    const before = await lastSeq();
    expect((await error(canaryTickets[1])).status).toBe(204);
    expect((await dashboardRollout()).canary).toBeNull();
    const events = await eventsAfter(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: "release.canary_auto_stopped",
      actor_kind: "system",
      actor_id: null,
      actor_name: auditMessages.system,
      client_address: null,
      object_type: "remote",
      object_id: "mf-dashboard",
      fields: ["canary", "share"],
      changes: { canary: { before: canary, after: null }, share: { before: 30, after: 0 } },
    });
    // The admins' mail and the event came in one transaction: both are there.
    const [mail] = await db.sql<{ count: number }[]>`
      select count(*)::int as count from outbox where kind = 'canary-stopped' and subject like ${`Canary ${canary} %`}`;
    expect(mail?.count).toBeGreaterThan(0);
  });

  test("the person filter finds an account's events, never a deploy key's of the same number", async () => {
    const [row] = await db.sql<{ id: number }[]>`
      select actor_id as id from audit_events where actor_kind = 'deploy_key' order by seq limit 1`;
    expect(row?.id).toBe(deployKey.key.id);
    const answer = await callJson<{ events: AuditEvent[] }>(app, `/api/audit?actor_id=${row?.id}&limit=200`, {
      token: owner.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.events.length).toBeGreaterThan(0);
    expect(answer.body.events.every((event) => event.actor_kind === "user")).toBe(true);
  });

  test("no route changes data without an event: each non-GET route is in the table or exempt", () => {
    const covered = new Set([...cases.map((entry) => entry.route), ...Object.keys(exempt)]);
    const routes = app.routes
      .filter((route) => route.path.startsWith("/api") && !["GET", "HEAD", "OPTIONS"].includes(route.method))
      .map((route) => `${route.method} ${route.path}`);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
    // And the table names no route the app does not have.
    expect([...covered].filter((route) => !route.startsWith("GET ") && !routes.includes(route))).toEqual([]);
  });
});
