import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, startTestServer, type TestServer } from "../../../scripts/test-server.ts";
import type { Manifest } from "../../src/backup/manifest.ts";
import { readManifest, resolveSet } from "../../src/backup/sets.ts";
import { type BackupTarget, DiskBackupTarget, S3BackupTarget } from "../../src/backup/target.ts";
import { s3ClientOf } from "../../src/storage/s3-blob-store.ts";
import { runPackageScript } from "../support/commands.ts";
import { startTestS3, type TestS3 } from "../support/s3.ts";

/** Both databases the product runs on: the embedded one always, a server's when DATABASE_URL is set. */
export const databaseKinds = process.env.DATABASE_URL ? (["postgres", "pglite"] as const) : (["pglite"] as const);
export type DatabaseKind = (typeof databaseKinds)[number];

/** A place a product runs on: a data folder, a database (server or embedded), a blob store. */
export interface Site {
  dataDir: string;
  databaseUrl: string | null;
  s3: TestS3 | null;
  /** The environment that selects it. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** An empty site: a new data folder, a new database on the server (or none: embedded), a new bucket. */
export async function emptySite(database: DatabaseKind, store: "disk" | "s3"): Promise<Site> {
  const dataDir = await mkdtemp(join(tmpdir(), "klarwerk-backup-site-"));
  const s3 = store === "s3" ? await startTestS3() : null;
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (database === "postgres" && process.env.DATABASE_URL) {
    const created = await createDatabase(process.env.DATABASE_URL);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  return {
    dataDir,
    databaseUrl,
    s3,
    // One secret per site, as in production: the audit trail's key is derived from it, so the
    // trail verifies across restarts and restores.
    env: {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString("hex"),
      ...s3?.env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    async drop() {
      await dropDatabase();
      await s3?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Where sets go: a folder, or a bucket of an S3 server of its own. */
export interface BackupPlace {
  env: Record<string, string>;
  target: BackupTarget;
  manifest(set?: string): Promise<Manifest>;
  drop(): Promise<void>;
}

export async function backupPlace(kind: "disk" | "s3"): Promise<BackupPlace> {
  let target: BackupTarget;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  if (kind === "s3") {
    const s3 = await startTestS3("klarwerk-backups");
    target = new S3BackupTarget(s3ClientOf(s3.settings), s3.settings.bucket);
    env = {
      BACKUP_S3_ENDPOINT: s3.settings.endpoint,
      BACKUP_S3_BUCKET: s3.settings.bucket,
      BACKUP_S3_REGION: s3.settings.region,
      BACKUP_S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      BACKUP_S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
    };
    drop = () => s3.stop();
  } else {
    const dir = await mkdtemp(join(tmpdir(), "klarwerk-backups-"));
    target = new DiskBackupTarget(dir);
    env = { BACKUP_DIR: dir };
    drop = () => rm(dir, { recursive: true, force: true });
  }
  // The key its sets are signed with, kept beside the place (not in it), as an operator keeps it
  // with the settings of every machine that backs up or restores.
  env = { ...env, BACKUP_KEY: randomBytes(32).toString("hex") };
  return {
    env,
    target,
    manifest: async (set = "latest") => readManifest(target, await resolveSet(target, set)),
    drop,
  };
}

/** `bun run <script> …args` as an operator runs it, in the environment given (and nothing of the test's own). */
export function runScript(
  script: "backup" | "restore" | "restore-drill" | "retention",
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  const base: Record<string, string | undefined> = { ...process.env, BACKUP_SCHEDULE: "off", ...env };
  if (!env.DATABASE_URL) delete base.DATABASE_URL;
  if (!env.BLOB_STORE) for (const name of Object.keys(base)) if (/^(BLOB_STORE|S3_)/.test(name)) delete base[name];
  return runPackageScript(script, args, base);
}

/** The API started on a site (its database, data folder and bucket), quietly. */
export function serveSite(site: Site): Promise<TestServer> {
  return startTestServer({
    dataDir: site.dataDir,
    quiet: true,
    embedded: site.databaseUrl === null,
    ...(site.databaseUrl ? { databaseUrl: site.databaseUrl } : {}),
    env: { ...site.s3?.env, ...(site.env.JWT_SECRET ? { JWT_SECRET: site.env.JWT_SECRET } : {}) },
  });
}

/** What `restore --force` must name to replace the site: its database, or its data folder. */
export function targetName(site: Site): string {
  return site.databaseUrl ? new URL(site.databaseUrl).pathname.slice(1) : site.dataDir;
}
