// A restriction (Art. 18 DSGVO) survives a restore: a set is taken while an issued invoice is
// visible to staff; then an erasure restricts it. `bun run restore` of that older set and the
// drill replay the restriction from the erasure ledger before anything serves the copy, and say
// how many they replayed; staff no longer see the invoice, admins still do. On both databases.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Invoice, PrivacyCase } from "@klarwerk/kit";
import { call, callJson, overHttp } from "../support/http.ts";
import { createInvoice, invoiceJson, saveCompany } from "../support/invoices.ts";
import { login, registerAndLogin, type SignedInUser, signedInOwner, testOwner } from "../support/users.ts";
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

describe.each(databaseKinds)("a restricted invoice across a restore, on %s", (database) => {
  let site: Site;
  let place: BackupPlace;
  let staff: SignedInUser;
  let invoice: Invoice;
  const email = `rena.rückzug-${crypto.randomUUID().slice(0, 6)}@beispiel.de`;

  /** What staff and an admin get for the invoice on a running site. */
  async function seen(): Promise<{ staff: number; staffListed: boolean; admin: number }> {
    const server = await serveSite(site);
    try {
      const app = overHttp(server.url);
      const owner = await login(app, testOwner);
      const again = await login(app, staff);
      const list = await callJson<{ invoices: { id: number }[] }>(app, "/api/invoices?limit=100", {
        token: again.token,
      });
      return {
        staff: (await call(app, `/api/invoices/${invoice.id}`, { token: again.token })).status,
        staffListed: list.body.invoices.some((row) => row.id === invoice.id),
        admin: (await call(app, `/api/invoices/${invoice.id}`, { token: owner.token })).status,
      };
    } finally {
      await server.stop();
    }
  }

  beforeAll(async () => {
    site = await emptySite(database, "disk");
    place = await backupPlace("disk");
    let server = await serveSite(site);
    try {
      const app = overHttp(server.url);
      await signedInOwner(app);
      staff = await registerAndLogin(app, { name: "Sven Sachbearbeiter" });
      await saveCompany(app);
      const customer = await callJson<{ customer: { id: number } }>(app, "/api/customers", {
        token: staff.token,
        json: { name: "Rückzug GmbH", email },
      });
      expect(customer.status).toBe(201);
      invoice = await createInvoice(
        app,
        staff.token,
        invoiceJson({ issue: true, customerId: customer.body.customer.id }),
      );
    } finally {
      await server.stop();
    }
    const backup = await runScript("backup", [], { ...site.env, ...place.env });
    expect(backup.code, backup.output).toBe(0);

    // After the set: the person asks for erasure; the invoice is restricted.
    server = await serveSite(site);
    try {
      const app = overHttp(server.url);
      const owner = await login(app, testOwner);
      const opened = await callJson<{ case: PrivacyCase }>(app, "/api/privacy/cases", {
        token: owner.token,
        json: { email, kind: "erasure" },
      });
      expect(opened.status).toBe(201);
      const erased = await callJson<{ counts: { restrict: number } }>(
        app,
        `/api/privacy/cases/${opened.body.case.id}/erasure`,
        { method: "POST", token: owner.token },
      );
      expect(erased.status).toBe(200);
      expect(erased.body.counts.restrict).toBe(1);
    } finally {
      await server.stop();
    }
    expect(await seen()).toEqual({ staff: 404, staffListed: false, admin: 200 });
  }, 240_000);

  afterAll(async () => {
    await site?.drop();
    await place?.drop();
  }, 60_000);

  test("the drill replays the restriction on its copy and says so", async () => {
    const drill = await runScript("restore-drill", [], { ...site.env, ...place.env });
    expect(drill.code, drill.output).toBe(0);
    expect(drill.output).toContain("1 Einschränkung nachgespielt, 1 davon in der Sicherung erneut gesetzt");
  }, 180_000);

  test("a restore of the set taken before the restriction hides the invoice from staff again before serving", async () => {
    const run = await runScript("restore", ["latest", "--force", targetName(site)], { ...site.env, ...place.env });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(
      "Löschprotokoll: 1 Löschung nachgespielt, 1 davon fanden noch Daten in der Sicherung (1 Zeilen und 0 Dateien erneut gelöscht); 1 Einschränkung nachgespielt, 1 davon in der Sicherung erneut gesetzt",
    );
    expect(await seen()).toEqual({ staff: 404, staffListed: false, admin: 200 });
  }, 180_000);
});
