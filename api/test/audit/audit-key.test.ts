import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AuditVerification, auditMessages } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import { readDatabaseState } from "../../src/backup/database-state.ts";
import { type Manifest, manifestFormat, manifestKey } from "../../src/backup/manifest.ts";
import { DiskBackupTarget } from "../../src/backup/target.ts";
import type { Sql } from "../../src/db/open.ts";
import {
  auditChainKey,
  auditSealer,
  retentionPeriods,
  runAuditPurge,
  sealAuditTrail,
  verifyAuditChain,
} from "../../src/modules/audit/service.ts";
import { createTestApp, testConfig, unlimitedRateLimits } from "../support/app.ts";
import { runPackageScript } from "../support/commands.ts";
import { createTestDatabase, type DatabaseKind, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

/**
 * What the database's own role can do to the trail, and what verify then says: the role may set
 * any setting, delete and insert rows and call every function of the schema (it owns them).
 */

/** Deletes event `seq` and renumbers and re-links every later one with the database's own audit_hash(). */
async function deleteAndRelink(sql: Sql, seq: number): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`select set_config('klarwerk.audit_purge', 'on', true)`;
    await tx`create temporary table later on commit drop as select * from audit_events where seq > ${seq}`;
    await tx`delete from audit_events where seq >= ${seq}`;
    await tx`
      do $$ declare e audit_events; prev bytea; begin
        select hash into prev from audit_events order by seq desc limit 1;
        for e in select * from later order by seq loop
          e.seq := e.seq - 1;
          e.prev_hash := prev;
          e.hash := audit_hash(e);
          insert into audit_events values (e.*);
          prev := e.hash;
        end loop;
        update audit_chain set last_seq = last_seq - 1, last_hash = prev;
      end $$`;
  });
}

/** A fresh database with its own backup folder, an app on it and its owner signed in. */
async function openTrail(kind: DatabaseKind) {
  const db = await createTestDatabase({ kind });
  const backups = await mkdtemp(join(tmpdir(), "klarwerk-audit-key-"));
  const config = testConfig({ BACKUP_DIR: backups });
  const app = createTestApp(db.sql, config, { rateLimits: unlimitedRateLimits });
  return { db, backups, config, app, owner: await signedInOwner(app) };
}

async function closeTrail(db: TestDatabase, backups: string): Promise<void> {
  await db.drop();
  await rm(backups, { recursive: true, force: true });
}

/** What „Protokoll prüfen“ answers. */
async function verifyOver(app: App, owner: SignedInUser): Promise<AuditVerification> {
  const answer = await callJson<AuditVerification>(app, "/api/audit/verify", { token: owner.token });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe.each(testDatabaseKinds())("the audit trail chained under a key the database does not hold (%s)", (kind) => {
  let db: TestDatabase;
  let backups: string;
  let config: ReturnType<typeof testConfig>;
  let app: App;
  let owner: SignedInUser;
  beforeAll(async () => {
    ({ db, backups, config, app, owner } = await openTrail(kind));
  }, 60_000);
  afterAll(() => closeTrail(db, backups));
  const verify = () => verifyOver(app, owner);
  /** What an API process does every few seconds. */
  const seal = () => sealAuditTrail(db.sql, auditChainKey(config));
  const auditVerifyCommand = () =>
    runPackageScript("audit-verify", [], {
      ...process.env,
      DATABASE_URL: db.url ?? "",
      JWT_SECRET: config.jwtSecret,
      DATA_DIR: config.dataDir,
      BACKUP_DIR: backups,
    });
  const newCustomer = async (name: string) => {
    const answer = await callJson(app, "/api/customers", { token: owner.token, json: { name } });
    expect(answer.status).toBe(201);
  };

  test("deleting a colleague's promotion and re-linking the rest with audit_hash() is named by verify and the CLI", async () => {
    const colleague = await registerAndLogin(app, { name: "Kalle Kollege" });
    const promoted = await call(app, `/api/users/${colleague.user.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { role: "admin" },
    });
    expect(promoted.status).toBe(200);
    await newCustomer("Nach der Beförderung 1");
    await newCustomer("Nach der Beförderung 2");
    await seal();
    expect(await verify()).toMatchObject({ ok: true, first_mismatch: null });

    const [promotion] = await db.sql<{ seq: number }[]>`
      select seq from audit_events where action = 'account.role_changed' and object_id = ${String(colleague.user.id)}`;
    const seq = promotion?.seq ?? 0;
    await deleteAndRelink(db.sql, seq);

    const verdict = await verify();
    expect(verdict.ok).toBe(false);
    expect(verdict.first_mismatch?.seq).toBe(seq);
    expect(verdict.first_mismatch?.reason).toBe(auditMessages.mismatch.sealBroken);
    if (db.url !== null) {
      const cli = await auditVerifyCommand();
      expect(cli.code).toBe(1);
      expect(cli.output).toContain(`Ereignis #${seq} `);
      expect(cli.output).toContain(auditMessages.mismatch.sealBroken);
    }
  }, 60_000);

  test("a running API process that sealed the trail refuses to seal it again after its seals were stripped", async () => {
    const fresh = await createTestDatabase({ kind });
    const freshApp = createTestApp(fresh.sql, config, { rateLimits: unlimitedRateLimits });
    const freshOwner = await signedInOwner(freshApp);
    const newCustomer = async (name: string) => {
      const answer = await callJson(freshApp, "/api/customers", { token: freshOwner.token, json: { name } });
      expect(answer.status).toBe(201);
    };
    const sealer = auditSealer(fresh.sql, auditChainKey(config));
    await newCustomer("Vorher");
    await sealer();
    await newCustomer("Opfer");
    await newCustomer("Danach");
    expect(await sealer()).toBeGreaterThan(0);
    const [victim] = await fresh.sql<{ seq: number }[]>`select last_seq - 1 as seq from audit_chain`;
    const seq = victim?.seq ?? 0;
    // The database's role strips the seals from the victim on, sets the seal's row back, deletes, re-links.
    await fresh.sql.begin(async (tx) => {
      await tx`alter table audit_events disable trigger audit_events_append_only`;
      await tx`update audit_events set mac = null where seq >= ${seq}`;
      await tx`update audit_seal set sealed_seq = ${seq - 1}, sealed_mac = (select mac from audit_events where seq = ${seq - 1})`;
      await tx`alter table audit_events enable trigger audit_events_append_only`;
    });
    await deleteAndRelink(fresh.sql, seq);
    expect(await sealer()).toBe(0);
    const [unsealed] = await fresh.sql<{ n: number }[]>`select count(*)::int as n from audit_events where mac is null`;
    expect(unsealed?.n).toBeGreaterThan(0);
    // Within ten minutes that is the last moments' events waiting for their seal; after, verify names it.
    const later = await verifyAuditChain(fresh.sql, retentionPeriods(config), {
      key: auditChainKey(config),
      now: Date.now() + 11 * 60_000,
    });
    expect(later.first_mismatch).toMatchObject({ seq, reason: auditMessages.mismatch.notSealed });
    await fresh.drop();
  }, 60_000);
});

describe.each(testDatabaseKinds())("what the trail is compared with, and what the key allows (%s)", (kind) => {
  let db: TestDatabase;
  let backups: string;
  let config: ReturnType<typeof testConfig>;
  let app: App;
  let owner: SignedInUser;
  beforeAll(async () => {
    ({ db, backups, config, app, owner } = await openTrail(kind));
  }, 60_000);
  afterAll(() => closeTrail(db, backups));
  const verify = () => verifyOver(app, owner);
  const seal = () => sealAuditTrail(db.sql, auditChainKey(config));
  const newCustomer = async (name: string) => {
    const answer = await callJson(app, "/api/customers", { token: owner.token, json: { name } });
    expect(answer.status).toBe(201);
  };
  test("a retention purge by the API verifies intact; an event emptied without the key is named", async () => {
    await newCustomer("Wird alt");
    await seal();
    // Four years old, past its class's three, as if recorded then (the superuser's doing, re-sealed with
    // the key: the test's setup).
    await db.sql.begin(async (tx) => {
      await tx`alter table audit_events disable trigger audit_events_append_only`;
      await tx`update audit_events set mac = null where seq = (select last_seq from audit_chain)`;
      await tx`update audit_events set occurred_at = occurred_at - interval '4 years'
        where seq = (select last_seq from audit_chain)`;
      await tx`update audit_events set hash = audit_hash(audit_events) where seq = (select last_seq from audit_chain)`;
      await tx`update audit_chain set last_hash = (select hash from audit_events order by seq desc limit 1)`;
      await tx`update audit_seal set sealed_seq = sealed_seq - 1,
        sealed_mac = (select mac from audit_events where seq = (select last_seq - 1 from audit_chain))`;
      await tx`alter table audit_events enable trigger audit_events_append_only`;
    });
    await seal();
    expect(await verify()).toMatchObject({ ok: true });
    expect(await runAuditPurge(db.sql, config, "2026-11-25")).toBe(1);
    await seal();
    expect(await verify()).toMatchObject({ ok: true, first_mismatch: null });

    // The database's role empties a recent event as the purge would, with a purge time far off.
    await newCustomer("Neu");
    await seal();
    const [victim] = await db.sql<{ seq: number }[]>`
      select seq from audit_events where action = 'customer.created' and purged_at is null order by seq desc limit 1`;
    await db.sql.begin(async (tx) => {
      await tx`select set_config('klarwerk.audit_purge', 'on', true)`;
      await tx`update audit_events set actor_kind = null, actor_id = null, actor_name = null, client_address = null,
        action = null, object_type = null, object_id = null, fields = null, changes = null,
        purged_at = occurred_at + interval '100 years'
        where seq = ${victim?.seq ?? 0}`;
    });
    expect((await verify()).first_mismatch).toMatchObject({
      seq: victim?.seq,
      reason: auditMessages.mismatch.purgedWithoutKey,
    });
    // The next purge refuses to seal what it did not empty itself.
    expect(runAuditPurge(db.sql, config, "2026-11-26")).rejects.toThrow(/without the key/);
  }, 60_000);

  test("a kept manifest's chain head that the trail no longer has, or has otherwise, is named", async () => {
    const fresh = await createTestDatabase({ kind });
    const freshApp = createTestApp(fresh.sql, config, { rateLimits: unlimitedRateLimits });
    const freshOwner = await signedInOwner(freshApp);
    const create = (name: string) => callJson(freshApp, "/api/customers", { token: freshOwner.token, json: { name } });
    try {
      await create("Vor der Sicherung");
      await sealAuditTrail(fresh.sql, auditChainKey(config));
      const state = await readDatabaseState(fresh.sql);
      const set = "2026-11-20T02-30-00Z";
      const manifest: Manifest = {
        format: manifestFormat,
        product: { name: "klarwerk", version: "test" },
        set,
        created_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
        // A well-formed set (a restore checks every field before it believes one).
        database: {
          kind: "pglite",
          key: `sets/${set}/database.tar.gz`,
          size: 0,
          sha256: "0".repeat(64),
          server_version: "",
        },
        migration_level: state.migrationLevel,
        row_counts: state.rowCounts,
        blobs: [],
        totals: { blobs: 0, blob_bytes: 0 },
        auditChainHead: state.auditChainHead,
      };
      const ownBackups = await mkdtemp(join(tmpdir(), "klarwerk-audit-key-"));
      await new DiskBackupTarget(ownBackups).write(manifestKey(set), JSON.stringify(manifest));
      const ownConfig = testConfig({ BACKUP_DIR: ownBackups, JWT_SECRET: config.jwtSecret });
      const ownApp = createTestApp(fresh.sql, ownConfig, { rateLimits: unlimitedRateLimits });
      const ownVerify = async () =>
        (await callJson<AuditVerification>(ownApp, "/api/audit/verify", { token: freshOwner.token })).body;
      const headSeq = Number(state.auditChainHead?.split(":")[0]);
      expect(await ownVerify()).toMatchObject({ ok: true });

      // Someone with the key and the database: deletes the event before the head, re-links, re-seals.
      await create("Nach der Sicherung");
      await sealAuditTrail(fresh.sql, auditChainKey(config));
      await fresh.sql.begin(async (tx) => {
        await tx`alter table audit_events disable trigger audit_events_append_only`;
        await tx`update audit_events set mac = null where seq >= ${headSeq - 1}`;
        await tx`update audit_seal set sealed_seq = ${headSeq - 2},
          sealed_mac = (select mac from audit_events where seq = ${headSeq - 2})`;
        await tx`alter table audit_events enable trigger audit_events_append_only`;
      });
      await deleteAndRelink(fresh.sql, headSeq - 1);
      await sealAuditTrail(fresh.sql, auditChainKey(config));
      expect((await ownVerify()).first_mismatch).toMatchObject({
        seq: headSeq,
        reason: auditMessages.mismatch.backupDiffers(set),
      });

      // The newest events gone as well: the manifest's head is past the trail's.
      await fresh.sql.begin(async (tx) => {
        await tx`select set_config('klarwerk.audit_purge', 'on', true)`;
        await tx`delete from audit_events where seq >= ${headSeq}`;
        await tx`update audit_chain set last_seq = ${headSeq - 1},
          last_hash = (select hash from audit_events where seq = ${headSeq - 1})`;
        await tx`update audit_seal set sealed_seq = ${headSeq - 1},
          sealed_mac = (select mac from audit_events where seq = ${headSeq - 1})`;
      });
      expect((await ownVerify()).first_mismatch).toMatchObject({
        seq: headSeq,
        reason: auditMessages.mismatch.backupAhead(set),
      });
      await rm(ownBackups, { recursive: true, force: true });
    } finally {
      await fresh.drop();
    }
  }, 60_000);

  test("a manifest head that a retention purge removed since is not a mismatch", async () => {
    const fresh = await createTestDatabase({ kind });
    const ownBackups = await mkdtemp(join(tmpdir(), "klarwerk-audit-key-"));
    const ownConfig = testConfig({ BACKUP_DIR: ownBackups, JWT_SECRET: config.jwtSecret });
    const ownApp = createTestApp(fresh.sql, ownConfig, { rateLimits: unlimitedRateLimits });
    try {
      const freshOwner = await signedInOwner(ownApp);
      // Every event so far two years old, before the first seal (the superuser's doing: the test's setup).
      await fresh.sql.begin(async (tx) => {
        await tx`alter table audit_events disable trigger audit_events_append_only`;
        await tx`
          do $$ declare e audit_events; prev bytea; begin
            prev := (select anchor_hash from audit_chain);
            for e in select * from audit_events order by seq loop
              e.occurred_at := e.occurred_at - interval '2 years';
              e.prev_hash := prev;
              e.hash := audit_hash(e);
              update audit_events set occurred_at = e.occurred_at, prev_hash = e.prev_hash, hash = e.hash
                where seq = e.seq;
              prev := e.hash;
            end loop;
            update audit_chain set last_hash = prev;
          end $$`;
        await tx`alter table audit_events enable trigger audit_events_append_only`;
      });
      const state = await readDatabaseState(fresh.sql);
      const set = "2024-11-20T02-30-00Z";
      const manifest: Manifest = {
        format: manifestFormat,
        product: { name: "klarwerk", version: "test" },
        set,
        created_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
        // A well-formed set (a restore checks every field before it believes one).
        database: {
          kind: "pglite",
          key: `sets/${set}/database.tar.gz`,
          size: 0,
          sha256: "0".repeat(64),
          server_version: "",
        },
        migration_level: state.migrationLevel,
        row_counts: state.rowCounts,
        blobs: [],
        totals: { blobs: 0, blob_bytes: 0 },
        auditChainHead: state.auditChainHead,
      };
      await new DiskBackupTarget(ownBackups).write(manifestKey(set), JSON.stringify(manifest));
      await sealAuditTrail(fresh.sql, auditChainKey(ownConfig));
      expect(await runAuditPurge(fresh.sql, ownConfig, "2026-11-25")).toBeGreaterThan(0);
      await sealAuditTrail(fresh.sql, auditChainKey(ownConfig));
      const headSeq = Number(state.auditChainHead?.split(":")[0]);
      const [gone] = await fresh.sql<
        { n: number }[]
      >`select count(*)::int as n from audit_events where seq <= ${headSeq}`;
      expect(gone?.n).toBe(0);
      const answer = await callJson<AuditVerification>(ownApp, "/api/audit/verify", { token: freshOwner.token });
      expect(answer.body).toMatchObject({ ok: true, first_mismatch: null });

      // The anchor moved without the key (further events deleted from the front) is named.
      await callJson(ownApp, "/api/customers", { token: freshOwner.token, json: { name: "Danach" } });
      await fresh.sql.begin(async (tx) => {
        await tx`select set_config('klarwerk.audit_purge', 'on', true)`;
        await tx`delete from audit_events where seq = ${headSeq + 1}`;
        await tx`update audit_chain set anchor_seq = ${headSeq + 1},
          anchor_hash = (select prev_hash from audit_events where seq = ${headSeq + 2})`;
      });
      const moved = await callJson<AuditVerification>(ownApp, "/api/audit/verify", { token: freshOwner.token });
      expect(moved.body.first_mismatch).toMatchObject({ reason: auditMessages.mismatch.anchorMoved });
    } finally {
      await fresh.drop();
      await rm(ownBackups, { recursive: true, force: true });
    }
  }, 60_000);

  test("the first seal after the upgrade seals a trail written before only when it verifies the old way", async () => {
    const fresh = await createTestDatabase({ kind });
    const freshApp = createTestApp(fresh.sql, config, { rateLimits: unlimitedRateLimits });
    try {
      const freshOwner = await signedInOwner(freshApp);
      await callJson(freshApp, "/api/customers", { token: freshOwner.token, json: { name: "Vor dem Schlüssel" } });
      // Changed before the upgrade, as the old chain could only tell by its hash.
      await fresh.sql.begin(async (tx) => {
        await tx`alter table audit_events disable trigger audit_events_append_only`;
        await tx`update audit_events set actor_name = 'Jemand anderes' where seq = 1`;
        await tx`alter table audit_events enable trigger audit_events_append_only`;
      });
      expect(await sealAuditTrail(fresh.sql, auditChainKey(config))).toBe(0);
      const [state] = await fresh.sql<{ cutover_seq: number | null; sealed: number }[]>`
        select cutover_seq, (select count(*)::int from audit_events where mac is not null) as sealed from audit_seal`;
      expect(state).toEqual({ cutover_seq: null, sealed: 0 });
      const answer = await callJson<AuditVerification>(freshApp, "/api/audit/verify", { token: freshOwner.token });
      expect(answer.body.first_mismatch).toMatchObject({ seq: 1, reason: auditMessages.mismatch.contentChanged });
    } finally {
      await fresh.drop();
    }
  }, 60_000);
});

describe("the CSV export per RFC 4180", () => {
  let db: TestDatabase;
  let app: App;
  let owner: SignedInUser;
  beforeAll(async () => {
    db = await createTestDatabase();
    app = createTestApp(db.sql, testConfig(), { rateLimits: unlimitedRateLimits });
    owner = await signedInOwner(app);
  }, 60_000);
  afterAll(() => db.drop());

  /** RFC 4180 with `;` between cells: quoted cells, doubled quotes inside, CRLF between records. */
  function parseCsv(text: string): { cells: string[][]; allQuoted: boolean } {
    const records: string[][] = [];
    let allQuoted = true;
    let at = 0;
    while (at < text.length) {
      const record: string[] = [];
      for (;;) {
        let cell = "";
        if (text[at] === '"') {
          at++;
          for (;;) {
            const quote = text.indexOf('"', at);
            if (quote < 0) throw new Error("unterminated quoted cell");
            cell += text.slice(at, quote);
            at = quote + 1;
            if (text[at] === '"') {
              cell += '"';
              at++;
            } else break;
          }
        } else {
          allQuoted = false;
          const end = text.slice(at).search(/;|\r\n/);
          cell = end < 0 ? text.slice(at) : text.slice(at, at + end);
          at = end < 0 ? text.length : at + end;
        }
        record.push(cell);
        if (text[at] === ";") {
          at++;
          continue;
        }
        if (text.startsWith("\r\n", at)) at += 2;
        else if (at < text.length) throw new Error(`a cell ends in ${JSON.stringify(text[at])} at ${at}`);
        break;
      }
      records.push(record);
    }
    return { cells: records, allQuoted };
  }

  test("every cell is quoted, quotes are doubled, lines end in CRLF, and a formula is only text", async () => {
    const mallory = await registerAndLogin(app, { name: '=1+1,=2+2;-3+3"x"' });
    await callJson(app, "/api/customers", { token: mallory.token, json: { name: "egal" } });
    const response = await call(app, `/api/audit/export.csv?actor_id=${mallory.user.id}`, { token: owner.token });
    expect(response.status).toBe(200);
    const text = new TextDecoder().decode(new Uint8Array(await response.arrayBuffer()).slice(3));
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toContain("\n");
    const { cells, allQuoted } = parseCsv(text);
    expect(allQuoted).toBe(true);
    expect(cells[0]).toEqual([
      "Zeit",
      "Person",
      "Adresse",
      "Aktion",
      "Objekt",
      "Objekt-Nr.",
      "Geänderte Felder",
      "Vorher → Nachher",
    ]);
    const rows = cells.slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toHaveLength(8);
      expect(row[1]).toBe(`'=1+1,'=2+2;'-3+3"x"`);
    }
    // Opened with the wrong delimiter (a comma), a cell starts where a comma or semicolon was: none may
    // start a formula there either.
    for (const line of text.split("\r\n").filter(Boolean)) {
      for (const part of line.split(/[,;]/)) expect(part).not.toMatch(/^[=+\-@]/);
    }
  });
});
