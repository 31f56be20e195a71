// Erasures survive a restore: a set is taken while a person's answered contact request (with its
// mails) and a file naming them are still there; then the retention job deletes the request and an
// erasure removes the file and its blob, each written to the erasure ledger. The drill and
// `bun run restore` of that older set replay the ledger before anything serves the copy, and say
// in German how many erasures they replayed; the request, its mails, the file row and its blob are
// gone again (also on an empty target that has only the ledger's copy in DATA_DIR). A damaged
// ledger entry stops the restore with a German message, the target unchanged. On both databases
// and both blob stores.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFile, readFile, rm, writeFile } from "node:fs/promises";
import { openDatabase } from "../../src/db/open.ts";
import {
  ledgerFilePath,
  mirrorLedger,
  readLedger,
  recordErasure,
  runRetention,
} from "../../src/modules/privacy/index.ts";
import { blobStoresFor } from "../../src/storage/configured-blob-store.ts";
import { distinctBytes, storeKinds, upload } from "../storage/upload-helpers.ts";
import { callJson, overHttp } from "../support/http.ts";
import { login, signedInOwner, testOwner, uniqueEmail } from "../support/users.ts";
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

const cases = databaseKinds.flatMap((database) => storeKinds.map((store) => [database, store] as const));

function storesOf(site: Site) {
  return blobStoresFor({
    dataDir: site.dataDir,
    blobStore: site.s3 ? { kind: "s3", s3: site.s3.settings } : { kind: "disk" },
  });
}

describe.each(cases)("the erasure ledger across a restore, on %s with the %s store", (database, store) => {
  let site: Site;
  let place: BackupPlace;
  const visitor = uniqueEmail("Jörg.Übermann");
  let requestId = 0;
  let fileId = 0;
  let blobId = "";

  /** What of the person the site still holds. */
  async function personOn(on: Site): Promise<{ requests: number; mails: number; files: number; blob: boolean }> {
    const db = await openDatabase({ databaseUrl: on.databaseUrl, dataDir: on.dataDir });
    let counts: { requests: number; mails: number; files: number };
    try {
      const [row] = await db.sql<{ requests: number; mails: number; files: number }[]>`
        select
          (select count(*)::int from contact_requests where lower(email) = lower(${visitor})) as requests,
          (select count(*)::int from outbox
             where lower(to_address) = lower(${visitor}) or lower(reply_to_address) = lower(${visitor})) as mails,
          (select count(*)::int from files where id = ${fileId}) as files`;
      counts = row ?? { requests: -1, mails: -1, files: -1 };
    } finally {
      await db.close();
    }
    const stores = storesOf(on);
    try {
      return { ...counts, blob: (await stores.files.sizeOf(blobId)) !== null };
    } finally {
      for (const each of Object.values(stores)) await each.close();
    }
  }

  beforeAll(async () => {
    site = await emptySite(database, store);
    place = await backupPlace("disk");
    const server = await serveSite(site);
    try {
      const app = overHttp(server.url);
      const owner = await signedInOwner(app);
      const sent = await callJson(app, "/api/contact", {
        json: { name: "Jörg Übermann", email: visitor, company: "", message: "Bitte um Rückruf: 0301234" },
      });
      expect(sent.status).toBe(201);
      const made = await upload(app, owner.token, {
        name: `Vertrag ${visitor}.pdf`,
        content: distinctBytes(20_000, 7),
      });
      expect(made.status).toBe(201);
      fileId = made.body.file.id;
      const open = await callJson<{ requests: { id: number; email: string }[] }>(app, "/api/requests", {
        token: owner.token,
      });
      requestId = open.body.requests.find((request) => request.email === visitor)?.id ?? 0;
      expect(requestId).toBeGreaterThan(0);
      const replied = await callJson(app, `/api/requests/${requestId}/reply`, {
        json: { message: "Wir rufen Sie an." },
        token: owner.token,
      });
      expect(replied.status).toBe(201);
    } finally {
      await server.stop();
    }
    const opened = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
    try {
      const [file] = await opened.sql<{ blob_id: string }[]>`select blob_id from files where id = ${fileId}`;
      blobId = file?.blob_id ?? "";
    } finally {
      await opened.close();
    }
    const backup = await runScript("backup", [], { ...site.env, ...place.env });
    expect(backup.code, backup.output).toBe(0);
    expect(await personOn(site)).toEqual({ requests: 1, mails: 2, files: 1, blob: true });

    // After the set: the retention job deletes the answered request (its period is over), and an
    // erasure removes the file naming the person, with its blob.
    const db = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
    const stores = storesOf(site);
    try {
      await db.sql`update contact_requests set done_at = now() - interval '31 days' where id = ${requestId}`;
      const ran = await runRetention(db.sql, { days: 30, dataDir: site.dataDir });
      expect(ran.requestIds).toEqual([requestId]);
      await db.sql.begin(async (tx) => {
        await tx`delete from files where id = ${fileId}`;
        await recordErasure(tx, {
          reason: "request",
          address: visitor,
          rows: [{ table: "files", ids: [fileId] }],
          blobs: [{ area: "files", id: blobId }],
        });
      });
      await stores.files.remove(blobId);
      expect(await mirrorLedger(db.sql, site.dataDir)).toBe(1);
    } finally {
      for (const each of Object.values(stores)) await each.close();
      await db.close();
    }
    expect(await personOn(site)).toEqual({ requests: 0, mails: 0, files: 0, blob: false });
  }, 240_000);

  afterAll(async () => {
    await site?.drop();
    await place?.drop();
  }, 60_000);

  test("the drill replays both erasures on its copy and the API there no longer has the request", async () => {
    const drill = await runScript("restore-drill", [], { ...site.env, ...place.env });
    expect(drill.code, drill.output).toBe(0);
    expect(drill.output).toContain(
      "Löschprotokoll: 2 Löschungen nachgespielt, 2 davon fanden noch Daten in der Sicherung",
    );
    expect(drill.output).toContain("2 Löschungen aus dem Löschprotokoll nachgespielt");
    expect(drill.output).toContain(`Kontaktanfrage #${requestId} aus dem Löschprotokoll nicht mehr vorhanden (404)`);
  }, 180_000);

  test("a damaged ledger entry stops the restore with a German message; the target is unchanged", async () => {
    const path = ledgerFilePath(site.dataDir);
    const good = await readFile(path, "utf8");
    const lines = good.trimEnd().split("\n");
    expect(lines.length).toBe(2);
    try {
      // One id changed in the first entry: its checksum no longer matches.
      await writeFile(path, `${lines[0]?.replace(`[${requestId}]`, `[${requestId + 1}]`)}\n${lines[1]}\n`);
      const changed = await runScript("restore", ["latest", "--force", targetName(site)], {
        ...site.env,
        ...place.env,
      });
      expect(changed.code, changed.output).toBe(1);
      expect(changed.output).toContain(`Das Löschprotokoll ist beschädigt (Datei ${path})`);
      expect(changed.output).toContain("stimmt nicht mit seiner Prüfsumme überein");
      expect(changed.output).toContain("Das Ziel ist unverändert.");

      await writeFile(path, `${lines[0]}\n${lines[1]?.slice(0, 40)}\n`);
      const cut = await runScript("restore", ["latest", "--force", targetName(site)], { ...site.env, ...place.env });
      expect(cut.code, cut.output).toBe(1);
      expect(cut.output).toContain("Zeile 2 ist kein JSON");
      expect(cut.output).toContain("Das Ziel ist unverändert.");
      expect(await personOn(site)).toEqual({ requests: 0, mails: 0, files: 0, blob: false });
    } finally {
      await writeFile(path, good);
    }
  }, 180_000);

  test("a restore of the older set replays the ledger: the request, its mails, the file and its blob are gone before the API serves", async () => {
    const run = await runScript("restore", ["latest", "--force", targetName(site)], { ...site.env, ...place.env });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(
      /Löschprotokoll: 2 Löschungen nachgespielt, 2 davon fanden noch Daten in der Sicherung \(\d+ Zeilen und 1 Dateien erneut gelöscht\)/,
    );
    expect(await personOn(site)).toEqual({ requests: 0, mails: 0, files: 0, blob: false });
    const db = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
    try {
      expect((await readLedger(db.sql)).map((entry) => entry.reason).sort()).toEqual(["request", "retention"]);
    } finally {
      await db.close();
    }
    const server = await serveSite(site);
    try {
      const app = overHttp(server.url);
      const owner = await login(app, testOwner);
      expect((await callJson(app, `/api/requests/${requestId}`, { token: owner.token })).status).toBe(404);
      expect((await callJson(app, `/api/files/${fileId}/download`, { token: owner.token })).status).toBe(404);
    } finally {
      await server.stop();
    }
  }, 180_000);

  test("a target that lost its database but kept DATA_DIR's ledger copy: the erasures are replayed too", async () => {
    const fresh = await emptySite(database, store);
    try {
      await copyFile(ledgerFilePath(site.dataDir), ledgerFilePath(fresh.dataDir));
      const run = await runScript("restore", ["latest"], { ...fresh.env, ...place.env });
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain("Löschprotokoll: 2 Löschungen nachgespielt, 2 davon fanden noch Daten");
      expect(await personOn(fresh)).toEqual({ requests: 0, mails: 0, files: 0, blob: false });
    } finally {
      await fresh.drop();
      await rm(ledgerFilePath(fresh.dataDir), { force: true });
    }
  }, 180_000);
});
