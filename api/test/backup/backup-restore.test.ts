// `bun run backup` while the product is written to, then `bun run restore` into fresh
// targets: every write acknowledged before the set was taken is back, every file byte for byte,
// every issued invoice's PDF identical to the download before, and the active release of a remote
// served from the restored store byte for byte (its files are blobs of the set like the files'
// are: without them /remotes.json would name a remote the shell cannot load). On both databases (with a server:
// two API processes writing while the backup runs, and files deleted while it copies) and both
// blob stores (the set going to a folder for the disk store, to a bucket for the S3 store).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import type { RemoteRegistry } from "@klarwerk/kit";
import { startTestServer, type TestServer } from "../../../scripts/test-server.ts";
import { openDatabase } from "../../src/db/open.ts";
import { sha256HexOf } from "../../src/storage/blob-digest.ts";
import { distinctBytes, storeKinds, upload } from "../storage/upload-helpers.ts";
import { callJson, type Handler, overHttp } from "../support/http.ts";
import { createInvoice, invoiceJson, saveCompany } from "../support/invoices.ts";
import { releaseFileUrl, uploadRelease } from "../support/releases.ts";
import { login, signedInOwner, testOwner, uniqueEmail } from "../support/users.ts";
import { type BackupPlace, backupPlace, databaseKinds, emptySite, runScript, type Site } from "./support.ts";

const cases = databaseKinds.flatMap((database) => storeKinds.map((store) => [database, store] as const));

interface Acked {
  kind: "customer" | "contact" | "file" | "invoice";
  /** The row's id; a contact request's sender address (the form answers no id). */
  id: number | string;
  /** When the answer arrived. */
  at: number;
  /** Files: the content's SHA-256; invoices: the PDF's as first downloaded. */
  sha256?: string;
}

describe.each(cases)("backup and restore on %s with the %s store", (database, store) => {
  const jwtSecret = randomBytes(32).toString("hex");
  let site: Site;
  let restored: Site;
  let place: BackupPlace;
  let servers: TestServer[] = [];

  beforeAll(async () => {
    site = await emptySite(database, store);
    restored = await emptySite(database, store);
    place = await backupPlace(store);
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await site?.drop();
    await restored?.drop();
    await place?.drop();
  });

  function serve(on: Site): Promise<TestServer> {
    return startTestServer({
      dataDir: on.dataDir,
      quiet: true,
      embedded: on.databaseUrl === null,
      ...(on.databaseUrl ? { databaseUrl: on.databaseUrl } : {}),
      env: { ...on.s3?.env, JWT_SECRET: jwtSecret },
    });
  }

  /** One write of each kind in turn until `stop`, recording what was acknowledged. */
  async function write(app: Handler, token: string, seed: number, acked: Acked[], stop: { now: boolean }) {
    for (let round = 0; !stop.now; round++) {
      const name = `Kunde ${seed}-${round}`;
      const made = await app.handle(
        new Request("http://localhost/api/customers", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ name, email: uniqueEmail("kunde"), status: "angerufen" }),
        }),
      );
      if (made.status === 201) {
        const { customer: row } = (await made.json()) as { customer: { id: number } };
        acked.push({ kind: "customer", id: row.id, at: Date.now() });
      }
      const email = uniqueEmail("kontakt");
      const contact = await app.handle(
        new Request("http://localhost/api/contact", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Petra Sommer", email, message: `Anfrage zu ${name}` }),
        }),
      );
      // The contact form's limit per address answers 429 after a few: those were not acknowledged.
      if (contact.status === 201) acked.push({ kind: "contact", id: email, at: Date.now() });
      const content = distinctBytes(20_000 + ((seed * 7919 + round * 104729) % 60_000), seed * 1000 + round);
      const file = await upload(app, token, {
        name: `Datei ${seed}-${round}.bin`,
        content,
        type: "application/octet-stream",
      });
      if (file.status === 201)
        acked.push({ kind: "file", id: file.body.file.id, at: Date.now(), sha256: sha256HexOf(content) });
      const invoice = await createInvoice(
        app,
        token,
        invoiceJson({ issue: true, recipient: `${name}\nWeg 1\n10115 Berlin` }),
      );
      const pdf = await app.handle(
        new Request(`http://localhost/api/invoices/${invoice.id}/pdf`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      expect(pdf.status).toBe(200);
      acked.push({
        kind: "invoice",
        id: invoice.id,
        at: Date.now(),
        sha256: sha256HexOf(new Uint8Array(await pdf.arrayBuffer())),
      });
    }
  }

  test("a restore into fresh targets has every write acknowledged before the set was taken, files, PDFs and the active release byte for byte", async () => {
    const first = await serve(site);
    servers.push(first);
    const apps = [overHttp(first.url)];
    if (site.databaseUrl) {
      const second = await serve(site);
      servers.push(second);
      apps.push(overHttp(second.url));
    }
    const owner = await signedInOwner(apps[0] as Handler);
    await saveCompany(apps[0] as Handler);
    // A team's release, active: the restored copy must serve it as the shell will ask for it.
    const { release, files: releaseFiles } = await uploadRelease(
      apps[0] as Handler,
      owner.token,
      "dashboard",
      "2026.11.24-1",
      `gesichert ${database} ${store}`,
    );
    const activated = await callJson(apps[0] as Handler, "/api/releases/mf-dashboard/activate", {
      token: owner.token,
      json: { version: release.version },
    });
    expect(activated.status).toBe(200);
    // Files deleted while the backup copies: the set must still hold them when its snapshot does.
    const doomed: number[] = [];
    for (let index = 0; index < 6; index++) {
      const answer = await upload(apps[0] as Handler, owner.token, {
        name: `Alt ${index}.bin`,
        content: distinctBytes(1024 * 1024, 50 + index),
      });
      doomed.push(answer.body.file.id);
    }

    const acked: Acked[] = [];
    const stop = { now: false };
    const writers = apps.map((app, index) => write(app, owner.token, index + 1, acked, stop));
    // Every kind written at least once (an invoice's PDF takes longest) before the backup starts.
    for (
      const deadline = Date.now() + 60_000;
      acked.filter((write) => write.kind === "invoice").length < apps.length;
    ) {
      if (Date.now() > deadline) throw new Error("the writers wrote no invoice within 60 s");
      await Bun.sleep(100);
    }
    let backup: { code: number; output: string };
    let finishedAt: number;
    if (site.databaseUrl) {
      // 4 MiB a second over 6+ MiB of files: the copy takes seconds while both processes write and delete.
      const running = runScript("backup", [], { ...site.env, ...place.env, BACKUP_MIB_PER_SECOND: "4" });
      await Bun.sleep(500);
      for (const id of doomed) {
        const gone = await (apps[1] as Handler).handle(
          new Request(`http://localhost/api/files/${id}`, {
            method: "DELETE",
            headers: { authorization: `Bearer ${owner.token}` },
          }),
        );
        expect(gone.status).toBe(204);
        // A delete is a move to the Papierkorb (decision 0098): purged at once, the row and its
        // blob go while the backup copies, as a final delete did.
        const trash = await (apps[1] as Handler).handle(
          new Request("http://localhost/api/trash", { headers: { authorization: `Bearer ${owner.token}` } }),
        );
        const { entries } = (await trash.json()) as { entries: { id: number; item_id: number; kind: string }[] };
        const entry = entries.find((each) => each.kind === "file" && each.item_id === id);
        const purged = await (apps[1] as Handler).handle(
          new Request(`http://localhost/api/trash/${entry?.id}`, {
            method: "DELETE",
            headers: { authorization: `Bearer ${owner.token}` },
          }),
        );
        expect(purged.status).toBe(204);
      }
      backup = await running;
      finishedAt = Date.now();
      await Bun.sleep(500);
      stop.now = true;
      await Promise.all(writers);
    } else {
      // The embedded database belongs to one process: the command backs it up once it has stopped.
      stop.now = true;
      await Promise.all(writers);
      await first.stop();
      servers = [];
      backup = await runScript("backup", [], { ...site.env, ...place.env });
      finishedAt = Date.now();
    }
    expect(backup.output).toContain("geschrieben nach");
    expect(backup.code).toBe(0);
    const manifest = await place.manifest();
    const takenAt = Date.parse(manifest.created_at);
    const before = acked.filter((write) => write.at < takenAt);
    expect(before.filter((write) => write.kind === "file").length).toBeGreaterThan(0);
    expect(before.filter((write) => write.kind === "invoice").length).toBeGreaterThan(0);
    if (site.databaseUrl) {
      // The writers really wrote while the set was taken.
      expect(acked.some((write) => write.at > takenAt && write.at < finishedAt)).toBe(true);
    }

    const restore = await runScript("restore", ["latest"], { ...restored.env, ...place.env });
    expect(restore.output).toMatch(/RTO: \d+\.\d s/);
    expect(restore.output).toMatch(/RPO: \d+ min/);
    expect(restore.code).toBe(0);

    const db = await openDatabase({ databaseUrl: restored.databaseUrl, dataDir: restored.dataDir });
    try {
      for (const [kind, table, column] of [
        ["customer", "customers", "id"],
        ["contact", "contact_requests", "email"],
        ["file", "files", "id"],
        ["invoice", "invoices", "id"],
      ] as const) {
        const ids = new Set(
          (await db.sql<{ key: number | string }[]>`select ${db.sql(column)} as key from ${db.sql(table)}`).map(
            (row) => row.key,
          ),
        );
        const lost = before.filter((write) => write.kind === kind && !ids.has(write.id));
        expect({ table, lost }).toEqual({ table, lost: [] });
        expect(ids.size).toBe(manifest.row_counts[table] ?? -1);
      }
    } finally {
      await db.close();
    }

    const copy = await serve(restored);
    servers.push(copy);
    const app = overHttp(copy.url);
    const { token } = await login(app, testOwner);
    for (const write of before) {
      if (write.kind !== "file" && write.kind !== "invoice") continue;
      const path = write.kind === "file" ? `/api/files/${write.id}/download` : `/api/invoices/${write.id}/pdf`;
      const answer = await app.handle(
        new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }),
      );
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect({ path, sha256: sha256HexOf(new Uint8Array(await answer.arrayBuffer())) }).toEqual({
        path,
        sha256: write.sha256 ?? "",
      });
    }

    expect(manifest.blobs.filter((blob) => blob.area === "releases").map((blob) => blob.name)).toEqual(
      Object.keys(releaseFiles).map((path) => `mf-dashboard/releases/${release.version}/${path}`),
    );
    const registry = await callJson<RemoteRegistry>(app, "/remotes.json");
    expect(registry.body.mf_dashboard.version).toBe(release.version);
    expect(registry.body.mf_dashboard.entry).toBe(releaseFileUrl("dashboard", release.version, "mf-manifest.json"));
    for (const [path, content] of Object.entries(releaseFiles)) {
      const url = releaseFileUrl("dashboard", release.version, path);
      const answer = await app.handle(new Request(`http://localhost${url}`));
      expect({ url, status: answer.status }).toEqual({ url, status: 200 });
      expect({ url, sha256: sha256HexOf(new Uint8Array(await answer.arrayBuffer())) }).toEqual({
        url,
        sha256: sha256HexOf(new TextEncoder().encode(content)),
      });
    }
  }, 240_000);
});
