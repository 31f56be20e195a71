// `bun run verify-blobs` as an operator runs it, beside a real server process on each blob store:
// it names what it finds, exits 1 for findings and 2 while another process holds the lock, and
// what it found is what admins then read in /api/health. With the embedded database the command
// runs while the API is stopped (the database belongs to one process).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HealthAnswer, StoredFile } from "@klarwerk/kit";
import { startTestServer, type TestServer } from "../../../scripts/test-server.ts";
import { whileLocked } from "../../src/db/advisory-lock.ts";
import { openDatabase } from "../../src/db/open.ts";
import { maintenanceLock } from "../../src/modules/operations/maintenance.ts";
import { diskFolders } from "../../src/storage/configured-blob-store.ts";
import { DiskBlobStore } from "../../src/storage/disk-blob-store.ts";
import { S3BlobStore, s3ClientOf } from "../../src/storage/s3-blob-store.ts";
import { blobDamage } from "../support/blob-damage.ts";
import { runPackageScript } from "../support/commands.ts";
import { overHttp } from "../support/http.ts";
import { startTestS3, type TestS3 } from "../support/s3.ts";
import { registerAndLogin, signedInOwner } from "../support/users.ts";
import { storeKinds } from "./upload-helpers.ts";

describe.each(storeKinds)("bun run verify-blobs on the %s store", (kind) => {
  let dataDir: string;
  let s3: TestS3 | null = null;
  let server: TestServer;
  let env: Record<string, string>;
  let damaged: { file: StoredFile; blobId: string };

  function verifyBlobs(): Promise<{ code: number; output: string }> {
    return runPackageScript("verify-blobs", ["--mib-per-second", "64"], { ...process.env, ...env });
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "klarwerk-verify-blobs-"));
    if (kind === "s3") s3 = await startTestS3();
    server = await startTestServer({ dataDir, quiet: true, env: { ...s3?.env } });
    env = { DATA_DIR: dataDir, ...s3?.env, ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) };
    const { token } = await registerAndLogin(overHttp(server.url), { name: "Vera Prüferin" });
    const uploaded: StoredFile[] = [];
    for (const [name, size] of [
      ["Angebot Müller.pdf", 3000],
      ["Foto.jpg", 5000],
    ] as const) {
      const form = new FormData();
      form.append("file", new File([crypto.getRandomValues(new Uint8Array(size))], name));
      const answer = await fetch(`${server.url}/api/files/upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      uploaded.push(((await answer.json()) as { file: StoredFile }).file);
    }
    // The blob of the 3000-byte file, found from the store's side (the embedded database is the server's).
    const store = s3
      ? new S3BlobStore(s3ClientOf(s3.settings), { prefix: "files/" })
      : new DiskBlobStore(join(dataDir, diskFolders.files));
    let blobId = "";
    for await (const page of store.list()) blobId = page.find((blob) => blob.size === 3000)?.id ?? blobId;
    const file = uploaded[0];
    if (!file || !blobId) throw new Error("the upload was not stored");
    damaged = { file, blobId };
    await blobDamage({ dataDir, s3 }).flipByte("files", blobId, 1234);
    // The embedded database belongs to the server process: the command runs once it has stopped.
    if (!server.databaseUrl) await server.stop();
  }, 90_000);

  afterAll(async () => {
    await server.stop();
    await s3?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test("names the changed file, counts the rest, exits 1", async () => {
    const { code, output } = await verifyBlobs();
    expect(output).toContain(`Speicherprüfung (${kind}): 2 geprüft`);
    expect(output).toContain("0 fehlen, 1 verändert, 0 ohne Eintrag");
    expect(output).toContain(`verändert    files/${damaged.blobId} (files #${damaged.file.id} "Angebot Müller.pdf")`);
    expect(code).toBe(1);
  }, 60_000);

  test.if(process.env.DATABASE_URL !== undefined)(
    "with a database server: admins read the result in /api/health; while another run holds the lock it exits 2",
    async () => {
      const owner = await signedInOwner(overHttp(server.url));
      const health = await fetch(`${server.url}/api/health`, { headers: { authorization: `Bearer ${owner.token}` } });
      const check = ((await health.json()) as HealthAnswer).details?.operations.blob_check;
      expect(check).toMatchObject({ blob_store: kind, checked: 2, changed: 1, missing: 0, orphaned: 0 });
      expect(check?.problems[0]?.name).toBe("Angebot Müller.pdf");

      const db = await openDatabase({ databaseUrl: server.databaseUrl, dataDir });
      try {
        const held = await whileLocked(db.sql, maintenanceLock, () => verifyBlobs());
        if (!held.locked) throw new Error("the lock was taken");
        expect(held.value.code).toBe(2);
        expect(held.value.output).toContain("Ein anderer Prozess prüft gerade den Speicher");
      } finally {
        await db.close();
      }
    },
    60_000,
  );
});
