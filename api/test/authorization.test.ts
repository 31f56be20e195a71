// The authorization matrix: every portal route × every kind of caller, each cell with the status
// it must answer. Two app instances on one database, as two API processes: accounts and sessions
// are revoked through A, and every cell is called through B, which had them in memory.
import { afterAll, describe, expect, test } from "bun:test";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { addDays, todayInGermany, type UserAccountList } from "@klarwerk/kit";
import { systemActor } from "../src/http/audit-actors.ts";
import { createTokenService } from "../src/http/auth.ts";
import { createSessions } from "../src/http/sessions.ts";
import { upload } from "./storage/upload-helpers.ts";
import { createTestApp, testConfig, unlimitedRateLimits } from "./support/app.ts";
import { createTestDatabase } from "./support/database.ts";
import { type CallOptions, call, callJson } from "./support/http.ts";
import {
  createInvoice,
  invoiceJson,
  issuableCompany,
  reminderSettingsJson,
  saveCompany,
  storeIssuedInThePast,
} from "./support/invoices.ts";
import { releaseArchive } from "./support/releases.ts";
import {
  type Credentials,
  login,
  register,
  registerAndLogin,
  type SignedInUser,
  signedInOwner,
  testPassword,
  uniqueEmail,
} from "./support/users.ts";

const db = await createTestDatabase();
const config = testConfig();
const feedA = await db.openChangeFeed();
// The embedded database has one process; its feed is the process-local one, shared here.
const feedB = process.env.DATABASE_URL ? await db.openChangeFeed() : feedA;
// Seven accounts are set up before any cell runs: more than one address may register in an hour.
const appA = createTestApp(db.sql, config, { changes: feedA, rateLimits: unlimitedRateLimits });
const appB = createTestApp(db.sql, config, { changes: feedB, rateLimits: unlimitedRateLimits });
afterAll(async () => {
  await db.drop();
  await rm(join(config.dataDir, ".."), { recursive: true, force: true });
});

const identities = ["no token", "pending", "disabled", "deleted", "logged out", "staff", "admin"] as const;
type Identity = (typeof identities)[number];

/** Routes anyone may call; every other route under /api is a portal route and in the matrix. */
const publicRoutes = [
  "GET /api/health",
  "POST /api/register",
  "POST /api/login",
  "POST /api/contact",
  // "Passwort vergessen?": the same answer for any address; the link's token is the credential.
  "POST /api/password-reset",
  "POST /api/password-reset/confirm",
  // A signed link, valid for a minute: its ticket is the credential (files.test.ts).
  "GET /api/files/:id/download/:ticket",
  // The API's own description and its UI: they describe routes, they hold no data.
  "GET /api/docs",
  "GET /api/docs/json",
  "GET /api/docs/assets/:name",
  // The shell reports a remote's failed load or render, and counts loads during a canary, on
  // public pages too: limited per address and in size (releases.test.ts).
  "POST /api/client-errors",
  "POST /api/client-loads",
];

interface Cell {
  /** The token the cell calls with, or none. */
  token: string | null;
  /** An admin's token, for preparing what the request needs (through A). */
  adminToken: string;
}

interface PortalRoute {
  /** Only admins: staff get 403. */
  adminOnly?: boolean;
  /** What an allowed caller gets. */
  allowed: number;
  /** The caller needs a session of their own (the call ends it) or an account of their own (it changes it). */
  own?: "session" | "account";
  /** The request, with whatever it acts on prepared through A. */
  request(cell: Cell): Promise<{ path: string } & CallOptions>;
}

const png = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="),
  (char) => char.charCodeAt(0),
);

async function uploadedFileId(
  adminToken: string,
  file: { name: string; type: string; content: BlobPart },
): Promise<number> {
  const answer = await upload(appA, adminToken, file);
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
  return answer.body.file.id;
}

/** A customer import prepared through A (uploaded, optionally checked and imported): what the import's cells act on. */
async function preparedImport(
  adminToken: string,
  { checked = false, imported = false }: { checked?: boolean; imported?: boolean } = {},
): Promise<number> {
  const body = new Blob([`Name\nMatrix-Import ${crypto.randomUUID().slice(0, 8)}\n`], {
    type: "application/octet-stream",
  });
  const answer = await callJson<{ import: { id: number } }>(appA, "/api/customers/imports", {
    body,
    token: adminToken,
  });
  if (answer.status !== 201) throw new Error(`an import answered ${answer.status}`);
  const id = answer.body.import.id;
  const json = { mapping: ["name"] };
  if (checked) await callJson(appA, `/api/customers/imports/${id}/dry-run`, { json, token: adminToken });
  if (imported) await callJson(appA, `/api/customers/imports/${id}/run`, { json: {}, token: adminToken });
  return id;
}

/** A share link of the caller's own; the admin's for a caller who cannot make one (signed out). */
async function ownLinkId(token: string | null, adminToken: string): Promise<number> {
  const json = { target_kind: "file", target_id: sharedFileId };
  const own = token ? await callJson<{ link: { id: number } }>(appA, "/api/share-links", { json, token }) : null;
  if (own?.status === 201) return own.body.link.id;
  const answer = await callJson<{ link: { id: number } }>(appA, "/api/share-links", { json, token: adminToken });
  if (answer.status !== 201) throw new Error(`a share link answered ${answer.status}`);
  return answer.body.link.id;
}

/** A file deleted by the caller (by the admin for a caller who cannot delete): its deletion's id. */
async function ownDeletionId(token: string | null, adminToken: string): Promise<number> {
  const fileId = await uploadedFileId(adminToken, { name: "papierkorb.txt", type: "text/plain", content: "weg" });
  const own = token ? await call(appA, `/api/files/${fileId}`, { method: "DELETE", token }) : null;
  if (own?.status !== 204) {
    const answer = await call(appA, `/api/files/${fileId}`, { method: "DELETE", token: adminToken });
    if (answer.status !== 204) throw new Error(`a deletion answered ${answer.status}`);
  }
  const [row] = await db.sql<{ id: number }[]>`
    select id::int as id from file_deletions where kind = 'file' and item_id = ${fileId}`;
  if (!row) throw new Error("no deletion");
  return row.id;
}

async function openRequestId(): Promise<number> {
  const [row] = await db.sql<{ id: number }[]>`
    insert into contact_requests (name, email, message) values ('Matrix', 'matrix@example.com', 'Hallo') returning id`;
  if (!row) throw new Error("no request");
  return row.id;
}

async function failedMailId(): Promise<number> {
  const [row] = await db.sql<{ id: number }[]>`
    insert into outbox (kind, to_address, subject, text_body, html_body, state, attempts, failures)
    values ('reply', 'matrix@example.com', 'Matrix', 'Hallo', '<p>Hallo</p>', 'failed', 1,
            '[{"at": "2025-01-01T00:00:00.000Z", "reason": "550 Mailbox unknown"}]')
    returning id`;
  if (!row) throw new Error("no mail");
  return row.id;
}

async function pendingAccountId(adminToken: string): Promise<number> {
  const email = uniqueEmail("antrag");
  await register(appA, { name: "Anna Antrag", email, password: testPassword });
  const response = await call(appA, "/api/users", { token: adminToken });
  const { users } = (await response.json()) as UserAccountList;
  const account = users.find((candidate) => candidate.email === email);
  if (!account) throw new Error(`no account for ${email}`);
  return account.id;
}

async function draftInvoiceId(adminToken: string): Promise<number> {
  return (await createInvoice(appA, adminToken, invoiceJson({ issue: false }))).id;
}

async function issuedInvoiceId(adminToken: string): Promise<number> {
  return (await createInvoice(appA, adminToken, invoiceJson({ issue: true }))).id;
}

const [customer] = await db.sql<{ id: number }[]>`insert into customers (name) values ('Matrix GmbH') returning id`;
const customerId = customer?.id ?? 0;
const owner = await signedInOwner(appA);
const sharedFileId = await uploadedFileId(owner.token, { name: "matrix.png", type: "image/png", content: png });
await saveCompany(appA);
const sharedInvoiceId = await issuedInvoiceId(owner.token);

/** A recurring invoice template for the matrix customer, first run in a week (the job makes nothing now). */
function recurringJson() {
  return {
    customerId,
    items: [{ description: "Wartung", quantity: 1, unitPriceCents: 5_000 }],
    frequency: "monthly",
    firstOn: addDays(todayInGermany(), 7),
    servicePeriod: "current",
    mode: "draft",
  };
}

async function recurringId(adminToken: string): Promise<number> {
  const answer = await callJson<{ template: { id: number } }>(appA, "/api/recurring-invoices", {
    token: adminToken,
    json: recurringJson(),
  });
  if (answer.status !== 201) throw new Error(`POST /api/recurring-invoices answered ${answer.status}`);
  return answer.body.template.id;
}

async function quoteId(adminToken: string, issue: boolean): Promise<number> {
  const answer = await callJson<{ quote: { id: number } }>(appA, "/api/quotes", {
    token: adminToken,
    json: invoiceJson({ issue, issueDate: undefined }),
  });
  if (answer.status !== 201) throw new Error(`POST /api/quotes answered ${answer.status}`);
  return answer.body.quote.id;
}

let pastInvoiceSequence = 8_000;

/** An invoice issued in 2025 and long overdue: a reminder can be made for it. */
async function overdueInvoiceId(adminToken: string): Promise<number> {
  const invoice = await storeIssuedInThePast(
    db.sql,
    appA,
    adminToken,
    invoiceJson({ issueDate: "2025-06-01", paymentTermDays: 14 }),
    `2025-${pastInvoiceSequence++}`,
  );
  return invoice.id;
}

async function reminderOf(adminToken: string): Promise<{ invoiceId: number; reminderId: number }> {
  const invoiceId = await overdueInvoiceId(adminToken);
  const answer = await callJson<{ reminder: { id: number } }>(appA, `/api/invoices/${invoiceId}/reminders`, {
    token: adminToken,
    json: {},
  });
  if (answer.status !== 201) throw new Error(`POST /api/invoices/${invoiceId}/reminders answered ${answer.status}`);
  return { invoiceId, reminderId: answer.body.reminder.id };
}

/** A Basiszinssatz date no other call uses (each 1 January from 2040 on). */
let baseRateYear = 2040;
const nextBaseRateDate = () => `${baseRateYear++}-01-01`;

const [privacyCase] = await db.sql<{ id: number }[]>`
  insert into privacy_cases (email, kind, received_on, due_on) values ('matrix@example.com', 'access', '2026-01-31', '2026-02-28')
  returning id`;
const privacyCaseId = privacyCase?.id ?? 0;
// An erasure case for an address held nowhere: carrying it out (as often as the matrix asks) erases nothing.
const [erasureCase] = await db.sql<{ id: number }[]>`
  insert into privacy_cases (email, kind, received_on, due_on) values ('matrix-erasure@example.com', 'erasure', '2026-01-31', '2026-02-28')
  returning id`;
const erasureCaseId = erasureCase?.id ?? 0;

const datevNumbers = { consultantNumber: 29098, clientNumber: 55003 };

const portalRoutes: Record<string, PortalRoute> = {
  "GET /api/session": { allowed: 200, request: async () => ({ path: "/api/session" }) },
  "POST /api/logout": { allowed: 204, own: "session", request: async () => ({ path: "/api/logout", method: "POST" }) },
  "POST /api/password": {
    allowed: 204,
    own: "account",
    request: async () => ({
      path: "/api/password",
      json: { currentPassword: testPassword, newPassword: "Matrix-Wechsel-im-Abendrot-5" },
    }),
  },
  "GET /api/users": { adminOnly: true, allowed: 200, request: async () => ({ path: "/api/users" }) },
  "PATCH /api/users/:id": {
    adminOnly: true,
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/users/${await pendingAccountId(adminToken)}`,
      method: "PATCH",
      json: { status: "active" },
    }),
  },
  "DELETE /api/users/:id": {
    adminOnly: true,
    allowed: 204,
    request: async ({ adminToken }) => ({ path: `/api/users/${await pendingAccountId(adminToken)}`, method: "DELETE" }),
  },
  "DELETE /api/users/known-devices": {
    adminOnly: true,
    allowed: 204,
    request: async () => ({ path: "/api/users/known-devices", method: "DELETE" }),
  },
  "DELETE /api/users/:id/known-devices": {
    adminOnly: true,
    allowed: 204,
    request: async ({ adminToken }) => ({
      path: `/api/users/${await pendingAccountId(adminToken)}/known-devices`,
      method: "DELETE",
    }),
  },
  "GET /api/requests": { allowed: 200, request: async () => ({ path: "/api/requests" }) },
  "PUT /api/requests/:id/done": {
    allowed: 200,
    request: async () => ({ path: `/api/requests/${await openRequestId()}/done`, method: "PUT" }),
  },
  "GET /api/requests/:id": {
    allowed: 200,
    request: async () => ({ path: `/api/requests/${await openRequestId()}` }),
  },
  "POST /api/requests/:id/reply": {
    allowed: 201,
    request: async () => ({
      path: `/api/requests/${await openRequestId()}/reply`,
      json: { message: "Vielen Dank, wir melden uns." },
    }),
  },
  // Linked to the matrix's customer: every allowed identity takes over a request of its own.
  "POST /api/requests/:id/customer": {
    allowed: 200,
    request: async () => ({
      path: `/api/requests/${await openRequestId()}/customer`,
      json: { customer_id: customerId },
    }),
  },
  "GET /api/outbox": { adminOnly: true, allowed: 200, request: async () => ({ path: "/api/outbox" }) },
  "POST /api/outbox/:id/retry": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: `/api/outbox/${await failedMailId()}/retry`, method: "POST" }),
  },
  "GET /api/audit": { adminOnly: true, allowed: 200, request: async () => ({ path: "/api/audit?limit=5" }) },
  "GET /api/audit/export.csv": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: "/api/audit/export.csv?action=customer.created" }),
  },
  "GET /api/audit/verify": { adminOnly: true, allowed: 200, request: async () => ({ path: "/api/audit/verify" }) },
  "GET /api/privacy/cases": { adminOnly: true, allowed: 200, request: async () => ({ path: "/api/privacy/cases" }) },
  "POST /api/privacy/cases": {
    adminOnly: true,
    allowed: 201,
    request: async () => ({ path: "/api/privacy/cases", json: { email: "matrix@example.com", kind: "access" } }),
  },
  "GET /api/privacy/cases/:id": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: `/api/privacy/cases/${privacyCaseId}` }),
  },
  "PATCH /api/privacy/cases/:id": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: `/api/privacy/cases/${privacyCaseId}`, method: "PATCH", json: { notes: "Matrix" } }),
  },
  "GET /api/privacy/cases/:id/auskunft.zip": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: `/api/privacy/cases/${privacyCaseId}/auskunft.zip` }),
  },
  "GET /api/privacy/cases/:id/erasure-plan": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: `/api/privacy/cases/${erasureCaseId}/erasure-plan` }),
  },
  "POST /api/privacy/cases/:id/erasure": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: `/api/privacy/cases/${erasureCaseId}/erasure`, method: "POST" }),
  },
  "GET /api/privacy/retention-plan": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: "/api/privacy/retention-plan" }),
  },
  "POST /api/operations/backup": {
    adminOnly: true,
    allowed: 202,
    request: async () => ({ path: "/api/operations/backup", method: "POST" }),
  },
  "GET /api/customers": { allowed: 200, request: async () => ({ path: "/api/customers" }) },
  // Customers are every signed-in account's, as the list: staff and admins export them.
  "GET /api/customers/export": { allowed: 200, request: async () => ({ path: "/api/customers/export?format=csv" }) },
  "POST /api/customers": {
    allowed: 201,
    request: async () => ({ path: "/api/customers", json: { name: "Neu GmbH" } }),
  },
  "PUT /api/customers/:id": {
    allowed: 200,
    request: async () => ({
      path: `/api/customers/${customerId}`,
      method: "PUT",
      json: { name: "Matrix GmbH", status: "in_kontakt" },
    }),
  },
  // The CSV import (decision 0099): every signed-in account's, as the list; each cell imports its own file.
  "POST /api/customers/imports": {
    allowed: 201,
    request: async () => ({
      path: "/api/customers/imports",
      body: new Blob(["Name\nMatrix-Import\n"], { type: "application/octet-stream" }),
    }),
  },
  "POST /api/customers/imports/:id/dry-run": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/customers/imports/${await preparedImport(adminToken)}/dry-run`,
      json: { mapping: ["name"] },
    }),
  },
  "POST /api/customers/imports/:id/run": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/customers/imports/${await preparedImport(adminToken, { checked: true })}/run`,
      json: {},
    }),
  },
  "POST /api/customers/imports/:id/undo": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/customers/imports/${await preparedImport(adminToken, { checked: true, imported: true })}/undo`,
      method: "POST",
    }),
  },
  // The customer page (decision 0095): every signed-in account's, as the list.
  "GET /api/customers/tags": { allowed: 200, request: async () => ({ path: "/api/customers/tags" }) },
  "GET /api/customers/:id": { allowed: 200, request: async () => ({ path: `/api/customers/${customerId}` }) },
  "GET /api/customers/:id/timeline": {
    allowed: 200,
    request: async () => ({ path: `/api/customers/${customerId}/timeline` }),
  },
  "POST /api/customers/:id/timeline": {
    allowed: 201,
    request: async () => ({
      path: `/api/customers/${customerId}/timeline`,
      json: { kind: "note", text: "Matrix" },
    }),
  },
  "POST /api/customers/:id/contacts": {
    allowed: 201,
    request: async () => ({ path: `/api/customers/${customerId}/contacts`, json: { name: "Matrix Person" } }),
  },
  "PUT /api/customers/:id/contacts/:contactId": {
    allowed: 200,
    request: async () => {
      const [row] = await db.sql<{ id: number }[]>`
        insert into customer_contacts (customer_id, name) values (${customerId}, 'Matrix') returning id`;
      return {
        path: `/api/customers/${customerId}/contacts/${row?.id}`,
        method: "PUT",
        json: { name: "Matrix Geändert" },
      };
    },
  },
  "DELETE /api/customers/:id/contacts/:contactId": {
    allowed: 204,
    request: async () => {
      const [row] = await db.sql<{ id: number }[]>`
        insert into customer_contacts (customer_id, name) values (${customerId}, 'Matrix') returning id`;
      return { path: `/api/customers/${customerId}/contacts/${row?.id}`, method: "DELETE" };
    },
  },
  "POST /api/customers/:id/tags": {
    allowed: 200,
    request: async () => ({ path: `/api/customers/${customerId}/tags`, json: { tag: "Matrix" } }),
  },
  "DELETE /api/customers/:id/tags/:tag": {
    allowed: 200,
    request: async () => ({ path: `/api/customers/${customerId}/tags/Matrix`, method: "DELETE" }),
  },
  // Files linked to the customer (decision 0103): every signed-in account's, as the file area.
  "POST /api/customers/:id/files": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/customers/${customerId}/files`,
      json: { file_id: await uploadedFileId(adminToken, { name: "kunde.txt", type: "text/plain", content: "k" }) },
    }),
  },
  "DELETE /api/customers/:id/files/:fileId": {
    allowed: 204,
    request: async ({ adminToken }) => {
      const fileId = await uploadedFileId(adminToken, { name: "kunde.txt", type: "text/plain", content: "k" });
      await db.sql`insert into customer_files (customer_id, file_id) values (${customerId}, ${fileId})`;
      return { path: `/api/customers/${customerId}/files/${fileId}`, method: "DELETE" };
    },
  },
  "GET /api/folders": { allowed: 200, request: async () => ({ path: "/api/folders" }) },
  "POST /api/folders": {
    allowed: 201,
    request: async () => ({
      path: "/api/folders",
      json: { name: `Matrix ${crypto.randomUUID().slice(0, 8)}`, parent_id: null },
    }),
  },
  "PATCH /api/folders/:id": {
    allowed: 200,
    request: async () => {
      const [row] = await db.sql<{ id: number }[]>`
        insert into folders (name) values (${`Matrix ${crypto.randomUUID().slice(0, 8)}`}) returning id`;
      return {
        path: `/api/folders/${row?.id}`,
        method: "PATCH",
        json: { name: `Umbenannt ${crypto.randomUUID().slice(0, 8)}` },
      };
    },
  },
  "GET /api/files": { allowed: 200, request: async () => ({ path: "/api/files" }) },
  "GET /api/files/search": { allowed: 200, request: async () => ({ path: "/api/files/search?search=matrix" }) },
  // The header search (decision 0102): every signed-in account, as each list it searches.
  "GET /api/search": { allowed: 200, request: async () => ({ path: "/api/search?q=matrix" }) },
  "PATCH /api/files/:id": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/files/${await uploadedFileId(adminToken, { name: "alt.txt", type: "text/plain", content: "alt" })}`,
      method: "PATCH",
      json: { name: "neu.txt" },
    }),
  },
  "POST /api/files/upload": {
    allowed: 201,
    request: async () => {
      const form = new FormData();
      form.append("file", new File(["Matrix"], "matrix.txt", { type: "text/plain" }));
      return { path: "/api/files/upload", body: form };
    },
  },
  "DELETE /api/files/:id": {
    allowed: 204,
    request: async ({ adminToken }) => ({
      path: `/api/files/${await uploadedFileId(adminToken, { name: "weg.txt", type: "text/plain", content: "weg" })}`,
      method: "DELETE",
    }),
  },
  "DELETE /api/folders/:id": {
    allowed: 204,
    request: async () => {
      const [row] = await db.sql<{ id: number }[]>`
        insert into folders (name) values (${`Matrix ${crypto.randomUUID().slice(0, 8)}`}) returning id`;
      return { path: `/api/folders/${row?.id}`, method: "DELETE" };
    },
  },
  // The Papierkorb (decision 0098): each caller restores a deletion of its own (a staff member
  // sees no other's: trash.test.ts); only admins purge.
  "GET /api/trash": { allowed: 200, request: async () => ({ path: "/api/trash" }) },
  "POST /api/trash/:id/restore": {
    allowed: 200,
    request: async ({ token, adminToken }) => ({
      path: `/api/trash/${await ownDeletionId(token, adminToken)}/restore`,
      method: "POST",
      json: {},
    }),
  },
  "DELETE /api/trash/:id": {
    adminOnly: true,
    allowed: 204,
    request: async ({ token, adminToken }) => ({
      path: `/api/trash/${await ownDeletionId(token, adminToken)}`,
      method: "DELETE",
    }),
  },
  "GET /api/files/:id/download": {
    allowed: 200,
    request: async () => ({ path: `/api/files/${sharedFileId}/download` }),
  },
  "POST /api/files/:id/download-link": {
    allowed: 200,
    request: async () => ({ path: `/api/files/${sharedFileId}/download-link`, method: "POST" }),
  },
  "GET /api/files/:id/preview": { allowed: 200, request: async () => ({ path: `/api/files/${sharedFileId}/preview` }) },
  // Share links (decision 0096): any signed-in user makes them; the log and the revoke are the
  // creator's or an admin's (a foreign link is 404: share-links.test.ts), so each cell acts on its own.
  "POST /api/share-links": {
    allowed: 201,
    request: async () => ({
      path: "/api/share-links",
      method: "POST",
      json: { target_kind: "file", target_id: sharedFileId },
    }),
  },
  "GET /api/share-links": { allowed: 200, request: async () => ({ path: "/api/share-links" }) },
  "GET /api/share-links/settings": { allowed: 200, request: async () => ({ path: "/api/share-links/settings" }) },
  // The maximum as it is (30): an admin's call changes nothing the other cells rely on.
  "PUT /api/share-links/settings": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: "/api/share-links/settings", method: "PUT", json: { max_days: 30 } }),
  },
  "GET /api/share-links/:id/accesses": {
    allowed: 200,
    request: async ({ token, adminToken }) => ({
      path: `/api/share-links/${await ownLinkId(token, adminToken)}/accesses`,
    }),
  },
  "DELETE /api/share-links/:id": {
    allowed: 204,
    request: async ({ token, adminToken }) => ({
      path: `/api/share-links/${await ownLinkId(token, adminToken)}`,
      method: "DELETE",
    }),
  },
  "GET /api/company": { allowed: 200, request: async () => ({ path: "/api/company" }) },
  "PUT /api/company": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: "/api/company", method: "PUT", json: issuableCompany }),
  },
  "PUT /api/company/logo": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: "/api/company/logo", method: "PUT", body: new Blob([png], { type: "image/png" }) }),
  },
  "DELETE /api/company/logo": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: "/api/company/logo", method: "DELETE" }),
  },
  "GET /api/company/logo": {
    allowed: 200,
    request: async ({ adminToken }) => {
      await call(appA, "/api/company/logo", {
        method: "PUT",
        body: new Blob([png], { type: "image/png" }),
        token: adminToken,
      });
      return { path: "/api/company/logo" };
    },
  },
  "GET /api/company/datev": { adminOnly: true, allowed: 200, request: async () => ({ path: "/api/company/datev" }) },
  "PUT /api/company/datev": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: "/api/company/datev", method: "PUT", json: datevNumbers }),
  },
  "GET /api/invoices/datev": {
    adminOnly: true,
    allowed: 200,
    request: async ({ adminToken }) => {
      await call(appA, "/api/company/datev", { method: "PUT", json: datevNumbers, token: adminToken });
      return { path: "/api/invoices/datev?from=2026-01-01&to=2026-03-31" };
    },
  },
  "GET /api/invoices": { allowed: 200, request: async () => ({ path: "/api/invoices" }) },
  "GET /api/invoices/report": { allowed: 200, request: async () => ({ path: "/api/invoices/report" }) },
  "GET /api/recurring-invoices": { allowed: 200, request: async () => ({ path: "/api/recurring-invoices" }) },
  "POST /api/recurring-invoices": {
    allowed: 201,
    request: async () => ({ path: "/api/recurring-invoices", json: recurringJson() }),
  },
  "PUT /api/recurring-invoices/:id": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/recurring-invoices/${await recurringId(adminToken)}`,
      method: "PUT",
      json: recurringJson(),
    }),
  },
  "POST /api/recurring-invoices/:id/pause": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/recurring-invoices/${await recurringId(adminToken)}/pause`,
      method: "POST",
    }),
  },
  "POST /api/recurring-invoices/:id/resume": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/recurring-invoices/${await recurringId(adminToken)}/resume`,
      method: "POST",
    }),
  },
  "POST /api/recurring-invoices/:id/end": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/recurring-invoices/${await recurringId(adminToken)}/end`,
      method: "POST",
    }),
  },
  "POST /api/recurring-invoices/run": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: "/api/recurring-invoices/run", method: "POST" }),
  },
  "GET /api/quotes": { allowed: 200, request: async () => ({ path: "/api/quotes" }) },
  "GET /api/quotes/:id": {
    allowed: 200,
    request: async ({ adminToken }) => ({ path: `/api/quotes/${await quoteId(adminToken, false)}` }),
  },
  "GET /api/quotes/:id/pdf": {
    allowed: 200,
    request: async ({ adminToken }) => ({ path: `/api/quotes/${await quoteId(adminToken, true)}/pdf` }),
  },
  "POST /api/quotes": {
    allowed: 201,
    request: async () => ({ path: "/api/quotes", json: invoiceJson({ issueDate: undefined }) }),
  },
  "PUT /api/quotes/:id": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/quotes/${await quoteId(adminToken, false)}`,
      method: "PUT",
      json: invoiceJson({ issueDate: undefined, notes: "Geändert" }),
    }),
  },
  "DELETE /api/quotes/:id": {
    allowed: 204,
    request: async ({ adminToken }) => ({ path: `/api/quotes/${await quoteId(adminToken, false)}`, method: "DELETE" }),
  },
  "POST /api/quotes/:id/accept": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/quotes/${await quoteId(adminToken, true)}/accept`,
      method: "POST",
    }),
  },
  "POST /api/quotes/:id/reject": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/quotes/${await quoteId(adminToken, true)}/reject`,
      method: "POST",
    }),
  },
  "POST /api/quotes/:id/invoice": {
    allowed: 201,
    request: async ({ adminToken }) => ({ path: `/api/quotes/${await quoteId(adminToken, true)}/invoice`, json: {} }),
  },
  "GET /api/quotes/:id/mail": {
    allowed: 200,
    request: async ({ adminToken }) => ({ path: `/api/quotes/${await quoteId(adminToken, true)}/mail` }),
  },
  "GET /api/quotes/:id/sendings": {
    allowed: 200,
    request: async ({ adminToken }) => ({ path: `/api/quotes/${await quoteId(adminToken, true)}/sendings` }),
  },
  "POST /api/quotes/:id/mail": {
    allowed: 201,
    request: async ({ adminToken }) => ({
      path: `/api/quotes/${await quoteId(adminToken, true)}/mail`,
      json: { to: ["kunde@example.com"], subject: "Ihr Angebot", text: "Anbei das Angebot." },
    }),
  },
  "GET /api/invoices/reminder-settings": {
    allowed: 200,
    request: async () => ({ path: "/api/invoices/reminder-settings" }),
  },
  "PUT /api/invoices/reminder-settings": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({
      path: "/api/invoices/reminder-settings",
      method: "PUT",
      json: reminderSettingsJson,
    }),
  },
  "POST /api/invoices/base-rates": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({
      path: "/api/invoices/base-rates",
      json: { validFrom: nextBaseRateDate(), ratePercent: 1.5 },
    }),
  },
  "DELETE /api/invoices/base-rates/:validFrom": {
    adminOnly: true,
    allowed: 200,
    request: async ({ adminToken }) => {
      const validFrom = nextBaseRateDate();
      await call(appA, "/api/invoices/base-rates", { token: adminToken, json: { validFrom, ratePercent: 1.5 } });
      return { path: `/api/invoices/base-rates/${validFrom}`, method: "DELETE" };
    },
  },
  "POST /api/invoices/:id/reminders": {
    allowed: 201,
    request: async ({ adminToken }) => ({
      path: `/api/invoices/${await overdueInvoiceId(adminToken)}/reminders`,
      json: {},
    }),
  },
  "POST /api/invoices/reminders": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: "/api/invoices/reminders",
      json: { ids: [await overdueInvoiceId(adminToken)] },
    }),
  },
  "GET /api/invoices/:id/reminders": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/invoices/${(await reminderOf(adminToken)).invoiceId}/reminders`,
    }),
  },
  "GET /api/invoices/:id/reminders/:reminderId/pdf": {
    allowed: 200,
    request: async ({ adminToken }) => {
      const { invoiceId, reminderId } = await reminderOf(adminToken);
      return { path: `/api/invoices/${invoiceId}/reminders/${reminderId}/pdf` };
    },
  },
  "POST /api/invoices": {
    allowed: 201,
    request: async () => ({ path: "/api/invoices", json: invoiceJson({ issue: false }) }),
  },
  "GET /api/invoices/:id": { allowed: 200, request: async () => ({ path: `/api/invoices/${sharedInvoiceId}` }) },
  "PUT /api/invoices/:id": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/invoices/${await draftInvoiceId(adminToken)}`,
      method: "PUT",
      json: invoiceJson({ issue: false, notes: "Geändert" }),
    }),
  },
  "DELETE /api/invoices/:id": {
    allowed: 204,
    request: async ({ adminToken }) => ({
      path: `/api/invoices/${await draftInvoiceId(adminToken)}`,
      method: "DELETE",
    }),
  },
  "POST /api/invoices/:id/cancel": {
    allowed: 201,
    request: async ({ adminToken }) => ({
      path: `/api/invoices/${await issuedInvoiceId(adminToken)}/cancel`,
      method: "POST",
    }),
  },
  "POST /api/invoices/:id/payment": {
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: `/api/invoices/${await issuedInvoiceId(adminToken)}/payment`,
      json: { paidOn: todayInGermany() },
    }),
  },
  "POST /api/invoices/:id/payments": {
    allowed: 201,
    request: async ({ adminToken }) => ({
      path: `/api/invoices/${await issuedInvoiceId(adminToken)}/payments`,
      json: { paidOn: todayInGermany(), amountCents: 100 },
    }),
  },
  // Only whoever recorded a payment, or an admin, may delete it: here an admin recorded it, so
  // staff are refused as for an admin's route.
  "DELETE /api/invoices/:id/payments/:paymentId": {
    adminOnly: true,
    allowed: 200,
    request: async ({ adminToken }) => {
      const id = await issuedInvoiceId(adminToken);
      const paid = await callJson<{ invoice: { payments: { id: number }[] } }>(appA, `/api/invoices/${id}/payments`, {
        token: adminToken,
        json: { paidOn: todayInGermany(), amountCents: 100 },
      });
      const paymentId = paid.body.invoice.payments[0]?.id ?? 0;
      return { path: `/api/invoices/${id}/payments/${paymentId}`, method: "DELETE" };
    },
  },
  "GET /api/invoices/:id/pdf": {
    allowed: 200,
    request: async () => ({ path: `/api/invoices/${sharedInvoiceId}/pdf` }),
  },
  "GET /api/invoices/:id/xrechnung": {
    allowed: 200,
    request: async () => ({ path: `/api/invoices/${sharedInvoiceId}/xrechnung` }),
  },
  "GET /api/invoices/:id/mail": {
    allowed: 200,
    request: async () => ({ path: `/api/invoices/${sharedInvoiceId}/mail` }),
  },
  "GET /api/invoices/:id/sendings": {
    allowed: 200,
    request: async () => ({ path: `/api/invoices/${sharedInvoiceId}/sendings` }),
  },
  "POST /api/invoices/:id/mail": {
    allowed: 201,
    request: async ({ adminToken }) => ({
      path: `/api/invoices/${await issuedInvoiceId(adminToken)}/mail`,
      json: { to: ["kunde@example.com"], subject: "Ihre Rechnung", text: "Anbei die Rechnung.", attachXml: false },
    }),
  },
  "GET /api/company/mail-templates": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: "/api/company/mail-templates" }),
  },
  "GET /api/company/mail-templates/:kind": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({ path: "/api/company/mail-templates/quote" }),
  },
  "PUT /api/company/mail-templates/:kind": {
    adminOnly: true,
    allowed: 200,
    request: async () => ({
      path: "/api/company/mail-templates/quote",
      method: "PUT",
      json: { subject: "Angebot {nummer}", text: "Anbei Angebot {nummer} über {betrag}, gültig bis {faellig}." },
    }),
  },
};

/** A release of mf-dashboard for the rollout cells: v-<n>, uploaded through A by an admin. */
let releaseCount = 0;
async function uploadedVersion(adminToken: string): Promise<string> {
  const version = `matrix-${++releaseCount}`;
  const response = await call(appA, `/api/releases/upload?remote=mf-dashboard&version=${version}`, {
    token: adminToken,
    body: await releaseArchive("dashboard", version),
    headers: { "content-type": "application/octet-stream" },
  });
  if (response.status !== 201) throw new Error(`release upload answered ${response.status}`);
  return version;
}

async function activeVersion(adminToken: string): Promise<string> {
  const version = await uploadedVersion(adminToken);
  const response = await call(appA, "/api/releases/mf-dashboard/activate", { token: adminToken, json: { version } });
  if (response.status !== 200) throw new Error(`activate answered ${response.status}`);
  return version;
}

async function runningCanary(adminToken: string): Promise<void> {
  await activeVersion(adminToken);
  const version = await uploadedVersion(adminToken);
  const response = await call(appA, "/api/releases/mf-dashboard/canary", {
    token: adminToken,
    json: { version, share: 10 },
  });
  if (response.status !== 200) throw new Error(`canary answered ${response.status}`);
}

async function deployKeyId(adminToken: string): Promise<number> {
  const response = await call(appA, "/api/deploy-keys", {
    token: adminToken,
    json: { remote: "mf-files", name: "Matrix" },
  });
  return ((await response.json()) as { key: { id: number } }).key.id;
}

// Release and rollout routes take an admin's session or a deploy key of the remote (its own
// cells are in releases.test.ts); staff get 403 like on admin routes.
Object.assign(portalRoutes, {
  "GET /api/releases": { adminOnly: true, allowed: 200, request: async () => ({ path: "/api/releases" }) },
  "POST /api/releases": {
    adminOnly: true,
    allowed: 422,
    request: async () => ({
      path: "/api/releases",
      json: { remote: "mf-dashboard", version: "matrix-extern", manifest_url: "http://nicht-https.example.com/m.json" },
    }),
  },
  "POST /api/releases/upload": {
    adminOnly: true,
    allowed: 201,
    request: async () => ({
      path: `/api/releases/upload?remote=mf-dashboard&version=matrix-up-${crypto.randomUUID().slice(0, 8)}`,
      body: await releaseArchive("dashboard", "matrix"),
      headers: { "content-type": "application/octet-stream" },
    }),
  },
  "POST /api/releases/:remote/activate": {
    adminOnly: true,
    allowed: 200,
    request: async ({ adminToken }) => ({
      path: "/api/releases/mf-dashboard/activate",
      json: { version: await uploadedVersion(adminToken) },
    }),
  },
  "POST /api/releases/:remote/canary": {
    adminOnly: true,
    allowed: 200,
    request: async ({ adminToken }) => {
      await activeVersion(adminToken);
      return {
        path: "/api/releases/mf-dashboard/canary",
        json: { version: await uploadedVersion(adminToken), share: 5 },
      };
    },
  },
  "POST /api/releases/:remote/promote": {
    adminOnly: true,
    allowed: 200,
    request: async ({ adminToken }) => {
      await runningCanary(adminToken);
      return { path: "/api/releases/mf-dashboard/promote", method: "POST" };
    },
  },
  "POST /api/releases/:remote/stop": {
    adminOnly: true,
    allowed: 200,
    request: async ({ adminToken }) => {
      await runningCanary(adminToken);
      return { path: "/api/releases/mf-dashboard/stop", method: "POST" };
    },
  },
  "DELETE /api/releases/:remote/:version": {
    adminOnly: true,
    allowed: 204,
    request: async ({ adminToken }) => ({
      path: `/api/releases/mf-dashboard/${await uploadedVersion(adminToken)}`,
      method: "DELETE",
    }),
  },
  "GET /api/deploy-keys": { adminOnly: true, allowed: 200, request: async () => ({ path: "/api/deploy-keys" }) },
  "POST /api/deploy-keys": {
    adminOnly: true,
    allowed: 201,
    request: async () => ({ path: "/api/deploy-keys", json: { remote: "mf-files", name: "Matrix-Schlüssel" } }),
  },
  "DELETE /api/deploy-keys/:id": {
    adminOnly: true,
    allowed: 204,
    request: async ({ adminToken }) => ({
      path: `/api/deploy-keys/${await deployKeyId(adminToken)}`,
      method: "DELETE",
    }),
  },
} satisfies Record<string, PortalRoute>);

function expectedStatus(identity: Identity, route: PortalRoute): number {
  if (identity === "admin") return route.allowed;
  if (identity === "staff") return route.adminOnly ? 403 : route.allowed;
  return 401;
}

/** Calls through B until it answers 401: the NOTIFY of a change through A has arrived. */
async function untilRefusedByB(token: string): Promise<void> {
  const started = Date.now();
  while ((await call(appB, "/api/session", { token })).status !== 401) {
    if (Date.now() - started > 5000) throw new Error("B still accepts the token 5 s after the change through A");
    await Bun.sleep(10);
  }
}

/** A signed-in account whose session B has in memory: what a revocation through A must reach. */
async function warmInB(role: "staff" | "admin" = "staff"): Promise<SignedInUser> {
  const account = await registerAndLogin(appA, { name: "Rita Revoke", role });
  expect((await call(appB, "/api/session", { token: account.token })).status).toBe(200);
  return account;
}

/** The token each revoked caller holds; made once, before any cell runs. */
const revokedTokens: Record<Exclude<Identity, "staff" | "admin">, string | null> = {
  "no token": null,
  pending: null,
  disabled: null,
  deleted: null,
  "logged out": null,
};

// Pending: registered, so login refuses it (403); a session made for it anyway (as if by a bug or
// a stolen database backup) is refused by the guard, which checks the account's status.
{
  const pending: Credentials = { name: "Paul Pending", email: uniqueEmail("pending"), password: testPassword };
  await register(appA, pending);
  const [row] = await db.sql<{ id: number }[]>`select id from users where email = ${pending.email}`;
  const userId = row?.id ?? 0;
  const sessionId = await createSessions({ sql: db.sql, changes: null, now: Date.now }).start(userId, systemActor);
  revokedTokens.pending = await createTokenService(config.jwtSecret).sign({ userId, sessionId });
}
{
  const disabled = await warmInB();
  const answer = await call(appA, `/api/users/${disabled.user.id}`, {
    method: "PATCH",
    json: { status: "disabled" },
    token: owner.token,
  });
  expect(answer.status).toBe(200);
  await untilRefusedByB(disabled.token);
  revokedTokens.disabled = disabled.token;
}
{
  const deleted = await warmInB("admin");
  expect((await call(appA, `/api/users/${deleted.user.id}`, { method: "DELETE", token: owner.token })).status).toBe(
    204,
  );
  await untilRefusedByB(deleted.token);
  revokedTokens.deleted = deleted.token;
}
{
  const loggedOut = await warmInB("admin");
  expect((await call(appA, "/api/logout", { method: "POST", token: loggedOut.token })).status).toBe(204);
  await untilRefusedByB(loggedOut.token);
  revokedTokens["logged out"] = loggedOut.token;
}

const staff = await registerAndLogin(appA, { name: "Stefan Staff" });
const admin = await registerAndLogin(appA, { name: "Ada Admin", role: "admin" });

/** The token a cell calls with: revoked ones as made above, fresh ones where the call uses them up. */
async function tokenFor(identity: Identity, route: PortalRoute): Promise<string | null> {
  if (identity !== "staff" && identity !== "admin") return revokedTokens[identity];
  const account = identity === "admin" ? admin : staff;
  if (route.own === "account") {
    return (await registerAndLogin(appA, { name: "Eigene Person", role: identity })).token;
  }
  if (route.own === "session") return (await login(appA, account)).token;
  return account.token;
}

describe("authorization matrix", () => {
  test("covers every portal route the app registers", () => {
    const apiRoutes = appB.routes
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => / \/api\/./.test(route) && !route.startsWith("ALL "));
    const portal = apiRoutes.filter((route) => !publicRoutes.includes(route));
    expect(portal.sort()).toEqual(Object.keys(portalRoutes).sort());
    expect(apiRoutes.filter((route) => publicRoutes.includes(route)).sort()).toEqual([...publicRoutes].sort());
  });

  test.each(identities)("%s", async (identity) => {
    const expected: Record<string, number> = {};
    const answered: Record<string, number> = {};
    for (const [name, route] of Object.entries(portalRoutes)) {
      const token = await tokenFor(identity, route);
      const { path, ...options } = await route.request({ token, adminToken: owner.token });
      const response = await call(appB, path, { ...options, ...(token ? { token } : {}) });
      expected[name] = expectedStatus(identity, route);
      answered[name] = response.status;
      if (response.status === 401 || response.status === 403) {
        const body = (await response.json()) as { code: string };
        expect(Object.keys(body)).toEqual(["code", "message"]);
        const codes =
          response.status === 401 ? ["unauthorized"] : ["admin-only", "download-link-invalid", "payment-not-yours"];
        expect(codes).toContain(body.code);
      } else {
        await response.arrayBuffer();
      }
    }
    expect(answered).toEqual(expected);
  });
});
