import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  type CustomerTimelineEntry,
  type CustomerTimelinePage,
  customerFilesFolderName,
  type PrivacyErasurePlan,
} from "@klarwerk/kit";
import { strFromU8, unzipSync } from "fflate";
import type { App } from "../../src/app.ts";
import { upload } from "../storage/upload-helpers.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createdCustomer } from "../support/customers.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { openPrivacyCase } from "../support/privacy.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

/**
 * Files linked to a customer (migration 063, decision 0103): link, unlink, the timeline's file
 * entries, the upload from the customer's page into „Kunden“, the Papierkorb, privacy, and the
 * record's abuse list. On both databases.
 */

describe.each(testDatabaseKinds())("customer files (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let staff: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    app = createTestApp(db.sql, testConfig({ UPLOAD_MAX_BYTES: "1000" }));
    admin = await signedInOwner(app);
    staff = await registerAndLogin(app, { name: "Sven Service" });
  }, 180_000);
  afterAll(() => db?.drop());

  const newCustomer = (json: Record<string, unknown> = {}) => createdCustomer(app, staff.token, json);
  async function newFile(name = "angebot.pdf", token = admin.token): Promise<number> {
    const answer = await upload(app, token, { name, content: "x" });
    expect(answer.status).toBe(201);
    return answer.body.file.id;
  }
  const link = (id: number | string, json: unknown, token = staff.token) =>
    callJson<{ entry: CustomerTimelineEntry; code?: string; message?: string }>(app, `/api/customers/${id}/files`, {
      token,
      json,
    });
  const unlink = async (id: number | string, fileId: number | string, token = staff.token) => {
    const response = await call(app, `/api/customers/${id}/files/${fileId}`, { method: "DELETE", token });
    const text = await response.text();
    return { status: response.status, body: (text === "" ? {} : JSON.parse(text)) as { code?: string } };
  };
  const fileEntries = async (id: number, token = staff.token) =>
    (await callJson<CustomerTimelinePage>(app, `/api/customers/${id}/timeline`, { token })).body.entries.filter(
      (entry) => entry.kind === "file",
    );
  const auditCount = async (action: string, objectId: number) => {
    const [row] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from audit_events where action = ${action} and object_id = ${String(objectId)}`;
    return row?.n ?? 0;
  };

  test("link, list in the timeline newest first with the other entries, link again (no change), unlink", async () => {
    const customer = await newCustomer();
    const fileId = await newFile("Vertrag Müller.pdf");
    const linked = await link(customer.id, { file_id: fileId });
    expect(linked.status).toBe(200);
    expect(linked.body.entry).toEqual({
      kind: "file",
      id: fileId,
      at: expect.any(String),
      text: "Vertrag Müller.pdf",
      author: "Sven Service",
      number: null,
      amount_cents: null,
      invoice_id: null,
    });
    await callJson(app, `/api/customers/${customer.id}/timeline`, {
      token: staff.token,
      json: { kind: "note", text: "Danach notiert" },
    });
    const page = await callJson<CustomerTimelinePage>(app, `/api/customers/${customer.id}/timeline`, {
      token: admin.token,
    });
    expect(page.body.entries.map((entry) => [entry.kind, entry.text])).toEqual([
      ["note", "Danach notiert"],
      ["file", "Vertrag Müller.pdf"],
    ]);
    // Again, by the admin: one link, one event, the first linker stays.
    const again = await link(customer.id, { file_id: fileId }, admin.token);
    expect([again.status, again.body.entry.author]).toEqual([200, "Sven Service"]);
    expect(await auditCount("customer.file_linked", customer.id)).toBe(1);

    expect((await unlink(customer.id, fileId)).status).toBe(204);
    expect(await fileEntries(customer.id)).toEqual([]);
    expect(await auditCount("customer.file_unlinked", customer.id)).toBe(1);
    const twice = await unlink(customer.id, fileId);
    expect([twice.status, twice.body.code]).toEqual([404, "file-link-not-found"]);
    // The file stays in the file area.
    expect((await call(app, `/api/files/${fileId}/download`, { token: staff.token })).status).toBe(200);
  });

  test("abuse: unsigned or forged 401; unknown ids 404; malformed ids and bodies 400/422", async () => {
    const customer = await newCustomer();
    const fileId = await newFile();
    for (const token of [undefined, "forged.token.value"]) {
      const posted = await callJson(app, `/api/customers/${customer.id}/files`, { token, json: { file_id: fileId } });
      const deleted = await call(app, `/api/customers/${customer.id}/files/${fileId}`, { method: "DELETE", token });
      expect([posted.status, deleted.status]).toEqual([401, 401]);
    }
    const missingFile = await link(customer.id, { file_id: 999_999_999 });
    expect([missingFile.status, missingFile.body.code]).toEqual([404, "file-not-found"]);
    const missingCustomer = await link(999_999_999, { file_id: fileId });
    expect([missingCustomer.status, missingCustomer.body.code]).toEqual([404, "customer-not-found"]);
    for (const fileIdValue of [0, -1, 1.5, "eins", null, true, 2 ** 53]) {
      const answer = await link(customer.id, { file_id: fileIdValue });
      expect([answer.status, answer.body.code]).toEqual([422, "validation"]);
    }
    expect((await link(customer.id, {})).status).toBe(422);
    expect((await link(customer.id, [fileId])).status).toBe(422);
    expect((await link("abc", { file_id: fileId })).status).toBe(400);
    expect((await unlink(customer.id, "abc")).status).toBe(400);
    expect((await unlink("0", fileId)).status).toBe(400);
    expect((await unlink(999_999_999, fileId)).body.code).toBe("customer-not-found");
    expect(await auditCount("customer.file_linked", customer.id)).toBe(0);
  });

  test("a file in the Papierkorb cannot be linked and leaves the timeline until restored; a purge takes the link", async () => {
    const customer = await newCustomer();
    const fileId = await newFile("Papierkorb.pdf");
    expect((await link(customer.id, { file_id: fileId })).status).toBe(200);
    expect((await call(app, `/api/files/${fileId}`, { method: "DELETE", token: staff.token })).status).toBe(204);
    expect(await fileEntries(customer.id)).toEqual([]);
    const trashedLink = await link(customer.id, { file_id: fileId });
    expect([trashedLink.status, trashedLink.body.code]).toEqual([404, "file-not-found"]);

    const [deletion] = await db.sql<{ id: number }[]>`
      select id::int as id from file_deletions where kind = 'file' and item_id = ${fileId}`;
    expect(
      (await call(app, `/api/trash/${deletion?.id}/restore`, { method: "POST", token: staff.token, json: {} })).status,
    ).toBe(200);
    expect((await fileEntries(customer.id)).map((entry) => entry.id)).toEqual([fileId]);

    await call(app, `/api/files/${fileId}`, { method: "DELETE", token: staff.token });
    const [again] = await db.sql<{ id: number }[]>`
      select id::int as id from file_deletions where kind = 'file' and item_id = ${fileId}`;
    expect((await call(app, `/api/trash/${again?.id}`, { method: "DELETE", token: admin.token })).status).toBe(204);
    const [left] = await db.sql<
      { n: number }[]
    >`select count(*)::int as n from customer_files where file_id = ${fileId}`;
    expect(left?.n).toBe(0);
    expect(await fileEntries(customer.id)).toEqual([]);
  });

  test("upload from the customer's page: into „Kunden“ (made once), linked, in the timeline; the file area's limits", async () => {
    const customer = await newCustomer();
    const first = await upload(app, staff.token, { name: "Scan 1.pdf", content: "eins", customerId: customer.id });
    const second = await upload(app, admin.token, { name: "Scan 2.pdf", content: "zwei", customerId: customer.id });
    expect([first.status, second.status]).toEqual([201, 201]);
    const folders = await db.sql<{ id: number }[]>`
      select id::int as id from folders where parent_id is null and name = ${customerFilesFolderName}
      and deletion_id is null`;
    expect(folders.length).toBe(1);
    const kunden = folders[0]?.id ?? null;
    expect([first.body.file.folder_id, second.body.file.folder_id]).toEqual([kunden, kunden]);
    expect((await fileEntries(customer.id)).map((entry) => [entry.text, entry.author])).toEqual([
      ["Scan 2.pdf", admin.name],
      ["Scan 1.pdf", "Sven Service"],
    ]);
    expect(await auditCount("customer.file_linked", customer.id)).toBe(2);

    // A named folder wins over „Kunden“.
    const folder = await callJson<{ folder: { id: number } }>(app, "/api/folders", {
      token: staff.token,
      json: { name: `Projekt ${crypto.randomUUID().slice(0, 6)}` },
    });
    const inFolder = await upload(app, staff.token, {
      name: "Plan.pdf",
      folderId: folder.body.folder.id,
      customerId: customer.id,
    });
    expect([inFolder.status, inFolder.body.file.folder_id]).toEqual([201, folder.body.folder.id]);

    const [before] = await db.sql<{ n: number }[]>`select count(*)::int as n from files`;
    const unknown = await upload(app, staff.token, { name: "x.pdf", customerId: 999_999_999 });
    expect([unknown.status, unknown.body.message]).toEqual([404, "Diesen Kunden gibt es nicht."]);
    const malformed = await upload(app, staff.token, { name: "x.pdf", customerId: "abc" });
    expect([malformed.status, malformed.body.message]).toEqual([400, "Die Kundennummer ist ungültig."]);
    const tooLarge = await upload(app, staff.token, {
      name: "gross.pdf",
      content: "x".repeat(2000),
      customerId: customer.id,
    });
    expect(tooLarge.status).toBe(413);
    const [after] = await db.sql<{ n: number }[]>`select count(*)::int as n from files`;
    expect(after?.n).toBe(before?.n);
    const unsigned = await upload(app, "", { name: "x.pdf", customerId: customer.id });
    expect(unsigned.status).toBe(401);
  });

  test("two uploads at once after „Kunden“ went to the Papierkorb make one new „Kunden“", async () => {
    const customer = await newCustomer();
    const live = () => db.sql<{ id: number }[]>`
      select id::int as id from folders where parent_id is null and lower(name) = lower(${customerFilesFolderName})
      and deletion_id is null`;
    await upload(app, staff.token, { name: "vorher.pdf", customerId: customer.id });
    const [old] = await live();
    expect((await call(app, `/api/folders/${old?.id}`, { method: "DELETE", token: staff.token })).status).toBe(204);
    const answers = await Promise.all(
      ["a.pdf", "b.pdf", "c.pdf"].map((name) => upload(app, staff.token, { name, customerId: customer.id })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const folders = await live();
    expect(folders.length).toBe(1);
    expect(folders[0]?.id).not.toBe(old?.id);
    expect(new Set(answers.map((answer) => answer.body.file.folder_id))).toEqual(new Set([folders[0]?.id ?? null]));
    // The trashed folder took its file with it: the timeline shows the three new ones only.
    expect((await fileEntries(customer.id)).map((entry) => entry.text).sort()).toEqual(["a.pdf", "b.pdf", "c.pdf"]);
  });

  test("privacy: the Auskunft names the linked files; erasure removes the links and plans the files for review", async () => {
    const company = await newCustomer({ email: `datei-${crypto.randomUUID().slice(0, 6)}@example.de` });
    const fileId = await newFile("Vertrag Firma.pdf");
    await link(company.id, { file_id: fileId });

    const accessCase = await openPrivacyCase(app, admin, { email: company.email, kind: "access" });
    const zip = await call(app, `/api/privacy/cases/${accessCase.id}/auskunft.zip`, { token: admin.token });
    const json = JSON.parse(
      strFromU8(unzipSync(new Uint8Array(await zip.arrayBuffer()))["auskunft.json"] ?? new Uint8Array()),
    ) as { hits: { kind: string; id: number; fields: string[]; data: Record<string, unknown> }[] };
    const customerHit = json.hits.find((entry) => entry.kind === "customer");
    expect(customerHit?.data.files).toEqual([
      { name: "Vertrag Firma.pdf", linked_by: "Sven Service", at: expect.any(String) },
    ]);
    const fileHit = json.hits.find((entry) => entry.kind === "file");
    expect([fileHit?.id, fileHit?.fields]).toEqual([fileId, ["customer_file"]]);

    const erasureCase = await openPrivacyCase(app, admin, { email: company.email, kind: "erasure" });
    const plan = await callJson<PrivacyErasurePlan>(app, `/api/privacy/cases/${erasureCase.id}/erasure-plan`, {
      token: admin.token,
    });
    expect(plan.body.items.filter((entry) => entry.kind === "file").map((entry) => [entry.id, entry.action])).toEqual([
      [fileId, "review"],
    ]);
    const erased = await callJson(app, `/api/privacy/cases/${erasureCase.id}/erasure`, {
      method: "POST",
      token: admin.token,
    });
    expect(erased.status).toBe(200);
    expect(await fileEntries(company.id)).toEqual([]);
    const [ledger] = await db.sql<{ rows: unknown }[]>`
      select erased_rows as rows from erasure_ledger where case_id = ${erasureCase.id}`;
    expect(JSON.stringify(ledger?.rows)).toContain("customer_files");
    // The file itself stays for staff to review (it may be a business record kept by law).
    expect((await call(app, `/api/files/${fileId}/download`, { token: staff.token })).status).toBe(200);
  });

  test("a customer's row deleted takes its links with it, never the files", async () => {
    const customer = await newCustomer();
    const fileId = await newFile("bleibt.pdf");
    await link(customer.id, { file_id: fileId });
    await db.sql`delete from customers where id = ${customer.id}`;
    const [left] = await db.sql<
      { n: number }[]
    >`select count(*)::int as n from customer_files where file_id = ${fileId}`;
    expect(left?.n).toBe(0);
    expect((await call(app, `/api/files/${fileId}/download`, { token: staff.token })).status).toBe(200);
  });
});
