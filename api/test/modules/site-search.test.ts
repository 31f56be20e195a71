// The portal header's search (decision 0102): `GET /api/search?q=` finds customers as the customer
// list's search does (e-mail, phone by its digits), invoices by number and customer name as the
// invoice list does (staff without restricted ones), files of every folder by name as the file
// search does (never trashed ones); five a group, with `more`. On both databases the product runs on.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  type Folder,
  type SiteSearchAnswer,
  type StoredFile,
  siteSearchLimits,
  siteSearchMessages,
} from "@klarwerk/kit";
import { startFilesTest, upload } from "../storage/upload-helpers.ts";
import { testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { createInvoice, invoiceJson, storeIssuedInThePast } from "../support/invoices.ts";
import { signedInOwner } from "../support/users.ts";

/** An error answer's body, whatever the route answers on success. */
function errorOf(answer: { body: unknown }): unknown {
  return answer.body;
}

describe.each(testDatabaseKinds())("GET /api/search (%s)", (database) => {
  let files: Awaited<ReturnType<typeof startFilesTest>>;
  let staffToken: string;
  let adminToken: string;
  const word = `Zorbel${crypto.randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    files = await startFilesTest({ userName: "Sina Sucher", database });
    staffToken = files.token;
    adminToken = (await signedInOwner(files.app)).token;
  }, 120_000);
  afterAll(() => files?.stop());

  const search = (q: string, token = staffToken) =>
    callJson<SiteSearchAnswer & { code?: string; message?: string }>(
      files.app,
      `/api/search?${new URLSearchParams({ q })}`,
      { token },
    );

  async function customer(json: Record<string, unknown>): Promise<number> {
    const answer = await callJson<{ customer: { id: number } }>(files.app, "/api/customers", {
      token: staffToken,
      json,
    });
    expect(answer.status).toBe(201);
    return answer.body.customer.id;
  }

  async function folder(name: string, parentId: number | null = null): Promise<Folder> {
    const answer = await callJson<{ folder: Folder }>(files.app, "/api/folders", {
      json: { name, parent_id: parentId },
      token: staffToken,
    });
    expect(answer.status).toBe(201);
    return answer.body.folder;
  }

  async function file(name: string, folderId: number | null = null): Promise<StoredFile> {
    const answer = await upload(files.app, staffToken, { name, folderId });
    expect(answer.status).toBe(201);
    return answer.body.file;
  }

  test("unsigned: 401; staff and admins: 200", async () => {
    const unsigned = await call(files.app, "/api/search?q=ab");
    expect(unsigned.status).toBe(401);
    const forged = await call(files.app, "/api/search?q=ab", { token: "not-a-token" });
    expect(forged.status).toBe(401);
    expect((await search("ab")).status).toBe(200);
    expect((await search("ab", adminToken)).status).toBe(200);
  });

  test("a term under 2 or over 100 characters (trimmed) is 400 with code and German message", async () => {
    for (const q of ["", " ", "a", "  a  ", "ü"]) {
      const answer = await search(q);
      expect(answer.status, JSON.stringify(q)).toBe(400);
      expect(errorOf(answer)).toEqual({ code: "invalid-query", message: siteSearchMessages.termTooShort });
    }
    const missing = await callJson(files.app, "/api/search", { token: staffToken });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: "invalid-query", message: siteSearchMessages.termTooShort });
    const longest = "ä".repeat(siteSearchLimits.termMax);
    expect((await search(`  ${longest}  `)).status).toBe(200);
    const tooLong = await search(`${longest}x`);
    expect(tooLong.status).toBe(400);
    expect(errorOf(tooLong)).toEqual({ code: "invalid-query", message: siteSearchMessages.termTooLong });
    const huge = await search("x".repeat(5_000));
    expect(huge.status).toBe(400);
    expect((await search("ab")).status).toBe(200);
  });

  test("finds a customer by e-mail and by phone digits, as the list does", async () => {
    const id = await customer({
      name: `Hanne ${word}`,
      email: `hanne.${word.toLowerCase()}@example.org`,
      phone: "+49 (0)30 9876 5432",
    });
    const byMail = await search(`hanne.${word.toLowerCase()}@example`);
    expect(byMail.status).toBe(200);
    expect(byMail.body.customers).toEqual({
      hits: [
        { id, name: `Hanne ${word}`, email: `hanne.${word.toLowerCase()}@example.org`, phone: "+49 (0)30 9876 5432" },
      ],
      more: false,
    });
    for (const q of ["030 / 9876 54", "98765432", "(030) 9876-5432"]) {
      const byPhone = await search(q);
      expect(
        byPhone.body.customers.hits.map((hit) => hit.id),
        q,
      ).toContain(id);
      // The list finds the same.
      const list = await callJson<{ customers: { id: number }[] }>(
        files.app,
        `/api/customers?${new URLSearchParams({ search: q })}`,
        { token: staffToken },
      );
      expect(
        list.body.customers.map((hit) => hit.id),
        q,
      ).toContain(id);
    }
  });

  test("finds an invoice by its number and by its customer's name; a restricted one only for admins", async () => {
    const draft = await createInvoice(files.app, staffToken, {
      ...invoiceJson({ recipient: `Ilse ${word} KG\nWeg 1\n10115 Berlin` }),
      issue: false,
    });
    const issued = await storeIssuedInThePast(
      files.db.sql,
      files.app,
      staffToken,
      invoiceJson({ recipient: "Otto Nummer\nWeg 2\n10115 Berlin" }),
      "2031-00417",
    );
    const byNumber = await search("2031-0041");
    expect(byNumber.body.invoices.hits).toEqual([
      {
        id: issued.id,
        number: "2031-00417",
        recipient_name: "Otto Nummer",
        issue_date: issued.issueDate,
        status: "open",
      },
    ]);
    const byName = await search(`ilse ${word.toLowerCase()}`);
    expect(byName.body.invoices.hits.map((hit) => [hit.id, hit.number, hit.status])).toEqual([
      [draft.id, null, "draft"],
    ]);

    await files.db.sql`
      insert into privacy_restrictions (table_name, row_id, restricted_until)
      values ('invoices', ${issued.id}, '2036-12-31')`;
    try {
      expect((await search("2031-0041")).body.invoices.hits).toEqual([]);
      expect((await search("2031-0041", adminToken)).body.invoices.hits.map((hit) => hit.id)).toEqual([issued.id]);
    } finally {
      await files.db.sql`delete from privacy_restrictions where row_id = ${issued.id}`;
    }
  });

  test("finds a file in a subfolder by name, with its path; a trashed file is not found", async () => {
    const kunden = await folder(`Kunden ${word}`);
    const inner = await folder("Verträge", kunden.id);
    const deep = await file(`Rahmenvertrag ${word}.pdf`, inner.id);
    const answer = await search(`rahmenvertrag ${word}`);
    expect(answer.body.files).toEqual({
      hits: [
        {
          id: deep.id,
          name: `Rahmenvertrag ${word}.pdf`,
          folder_path: [
            { id: kunden.id, name: `Kunden ${word}` },
            { id: inner.id, name: "Verträge" },
          ],
        },
      ],
      more: false,
    });

    const trashed = await file(`Papierkorb ${word}.txt`, kunden.id);
    expect((await search(`papierkorb ${word}`)).body.files.hits.map((hit) => hit.id)).toEqual([trashed.id]);
    const removed = await call(files.app, `/api/files/${trashed.id}`, { method: "DELETE", token: staffToken });
    expect(removed.status).toBe(204);
    expect((await search(`papierkorb ${word}`)).body.files).toEqual({ hits: [], more: false });
    // A file inside a trashed folder neither.
    const gone = await folder(`Alt ${word}`, kunden.id);
    const inGone = await file(`Altlast ${word}.txt`, gone.id);
    expect((await search(`altlast ${word}`)).body.files.hits.map((hit) => hit.id)).toEqual([inGone.id]);
    expect((await call(files.app, `/api/folders/${gone.id}`, { method: "DELETE", token: staffToken })).status).toBe(
      204,
    );
    expect((await search(`altlast ${word}`)).body.files.hits).toEqual([]);
  });

  test("five hits a group, newest first, and `more` past them", async () => {
    const many = `Vielfach${crypto.randomUUID().slice(0, 6)}`;
    const customerIds: number[] = [];
    for (let index = 0; index < siteSearchLimits.perGroup + 2; index++) {
      customerIds.push(await customer({ name: `${many} ${index}` }));
      await file(`${many}-${index}.txt`);
    }
    const answer = await search(many);
    expect(answer.body.customers.hits.map((hit) => hit.id)).toEqual(customerIds.toReversed().slice(0, 5));
    expect(answer.body.customers.more).toBe(true);
    expect(answer.body.files.hits.map((hit) => hit.name)).toEqual(
      [6, 5, 4, 3, 2].map((index) => `${many}-${index}.txt`),
    );
    expect(answer.body.files.more).toBe(true);
    expect(answer.body.invoices).toEqual({ hits: [], more: false });

    // Exactly five: no `more`.
    const five = `Fuenfer${crypto.randomUUID().slice(0, 6)}`;
    for (let index = 0; index < siteSearchLimits.perGroup; index++) await customer({ name: `${five} ${index}` });
    const exactly = await search(five);
    expect(exactly.body.customers.hits).toHaveLength(5);
    expect(exactly.body.customers.more).toBe(false);
  });

  test("%, _ and \\ match themselves", async () => {
    const id = await customer({ name: `Rabatt 100% ${word}` });
    expect((await search("0% ")).body.customers.hits.map((hit) => hit.id)).toEqual([id]);
    expect((await search("__")).body.customers.hits).toEqual([]);
    expect((await search("\\\\")).status).toBe(200);
  });
});
