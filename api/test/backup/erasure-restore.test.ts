// A Löschung (Art. 17 DSGVO) survives a restore: a set is taken while a person is present
// everywhere (two contact requests, the mails about them, a customer, an issued invoice); then an
// admin carries out the erasure plan through the routes: requests and mails erased, the customer
// anonymised, the invoice restricted. The drill, and `bun run restore` of that older set, replay
// the erasure ledger before anything serves the copy and say what they replayed; the person is
// gone again, staff no longer see the invoice, admins still get its PDF byte for byte. On both
// databases.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import type { PrivacyErasureResult } from "@klarwerk/kit";
import { openDatabase } from "../../src/db/open.ts";
import { call, callJson, type Handler, overHttp } from "../support/http.ts";
import { openPrivacyCase, type PersonEverywhere, personEverywhere } from "../support/privacy.ts";
import { login, testOwner } from "../support/users.ts";
import {
  type BackupPlace,
  backupPlace,
  databaseKinds,
  emptySite,
  runScript,
  type Site,
  serveSite,
  targetName,
} from "./support.ts";

describe.each(databaseKinds)("a Löschung across a restore, on %s", (database) => {
  let site: Site;
  let place: BackupPlace;
  let found: PersonEverywhere;
  let pdfSha256 = "";

  /** What of the person the site's database still holds. */
  async function personInDatabase(): Promise<{
    requests: number[];
    mails: number;
    customer: { name: string; email: string | null; phone: string | null; notes: string | null } | undefined;
    restrictedUntil: string | null;
  }> {
    const db = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
    try {
      const requests = await db.sql<{ id: number }[]>`
        select id from contact_requests where id = any(${found.requests}::bigint[]) order by id`;
      const [mails] = await db.sql<{ n: number }[]>`
        select count(*)::int as n from outbox where id = any(${found.mails}::bigint[])`;
      const [customer] = await db.sql<
        { name: string; email: string | null; phone: string | null; notes: string | null }[]
      >`
        select name, email, phone, notes from customers where id = ${found.customer}`;
      const [restriction] = await db.sql<{ until: string }[]>`
        select restricted_until::text as until from privacy_restrictions
        where table_name = 'invoices' and row_id = ${found.invoice.id}`;
      return {
        requests: requests.map((row) => row.id),
        mails: mails?.n ?? -1,
        customer,
        restrictedUntil: restriction?.until ?? null,
      };
    } finally {
      await db.close();
    }
  }

  /** What staff and an admin get for the invoice on the running site. */
  async function invoiceSeen(app: Handler): Promise<{ staff: number; staffListed: boolean; pdfSha256: string }> {
    const owner = await login(app, testOwner);
    const staff = await login(app, found.staff);
    const list = await callJson<{ invoices: { id: number }[] }>(app, "/api/invoices?limit=100", {
      token: staff.token,
    });
    const pdf = await call(app, `/api/invoices/${found.invoice.id}/pdf`, { token: owner.token });
    expect(pdf.status).toBe(200);
    return {
      staff: (await call(app, `/api/invoices/${found.invoice.id}`, { token: staff.token })).status,
      staffListed: list.body.invoices.some((row) => row.id === found.invoice.id),
      pdfSha256: createHash("sha256")
        .update(new Uint8Array(await pdf.arrayBuffer()))
        .digest("hex"),
    };
  }

  const erased = {
    requests: [],
    mails: 0,
    customer: { name: "Anonymisierter Kunde", email: null, phone: null, notes: null },
  };

  beforeAll(async () => {
    site = await emptySite(database, "disk");
    place = await backupPlace("disk");
    let server = await serveSite(site);
    try {
      const app = overHttp(server.url);
      found = await personEverywhere(app);
      pdfSha256 = (await invoiceSeen(app)).pdfSha256;
    } finally {
      await server.stop();
    }
    const backup = await runScript("backup", [], { ...site.env, ...place.env });
    expect(backup.code, backup.output).toBe(0);

    // After the set: the person asks for erasure, and an admin carries out the plan.
    server = await serveSite(site);
    try {
      const app = overHttp(server.url);
      const owner = await login(app, testOwner);
      const erasure = await openPrivacyCase(app, owner, { email: found.person.email.toUpperCase(), kind: "erasure" });
      const done = await callJson<PrivacyErasureResult>(app, `/api/privacy/cases/${erasure.id}/erasure`, {
        method: "POST",
        token: owner.token,
      });
      expect(done.status).toBe(200);
      expect(done.body.counts).toEqual({ erase: 5, anonymise: 1, restrict: 1, remove_mention: 0, review: 0 });
      expect(await invoiceSeen(app)).toEqual({ staff: 404, staffListed: false, pdfSha256 });
    } finally {
      await server.stop();
    }
    expect(await personInDatabase()).toMatchObject(erased);
  }, 240_000);

  afterAll(async () => {
    await site?.drop();
    await place?.drop();
  }, 60_000);

  test("the drill replays the erasure on its copy and says so; its API no longer has the requests", async () => {
    const drill = await runScript("restore-drill", [], { ...site.env, ...place.env });
    expect(drill.code, drill.output).toBe(0);
    expect(drill.output).toContain("1 Einschränkung nachgespielt, 1 davon in der Sicherung erneut gesetzt");
    // The drill asks its API for the first request the ledger names.
    expect(drill.output).toContain(
      `Kontaktanfrage #${found.requests[0]} aus dem Löschprotokoll nicht mehr vorhanden (404)`,
    );
  }, 180_000);

  test("a restore of the set taken before the erasure: the person is gone again before the API serves", async () => {
    const run = await runScript("restore", ["latest", "--force", targetName(site)], { ...site.env, ...place.env });
    expect(run.code, run.output).toBe(0);
    // Two requests, three mails, one reply erased and one customer overwritten: 7 rows in the set.
    expect(run.output).toContain(
      "Löschprotokoll: 1 Löschung nachgespielt, 1 davon fanden noch Daten in der Sicherung (7 Zeilen und 0 Dateien erneut gelöscht); 1 Einschränkung nachgespielt, 1 davon in der Sicherung erneut gesetzt",
    );
    const held = await personInDatabase();
    expect(held).toMatchObject(erased);
    expect(held.restrictedUntil).toMatch(/^\d{4}-12-31$/);
    const server = await serveSite(site);
    try {
      const app = overHttp(server.url);
      expect(await invoiceSeen(app)).toEqual({ staff: 404, staffListed: false, pdfSha256 });
      const owner = await login(app, testOwner);
      for (const id of found.requests)
        expect((await call(app, `/api/requests/${id}`, { token: owner.token })).status).toBe(404);
      const verify = await callJson<{ ok: boolean }>(app, "/api/audit/verify", { token: owner.token });
      expect(verify.body.ok).toBe(true);
    } finally {
      await server.stop();
    }
  }, 180_000);
});
