import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { type AuditEvent, type AuditVerification, auditMessages } from "@klarwerk/kit";
import { readDatabaseState } from "../../src/backup/database-state.ts";
import { recordAuditEvent } from "../../src/db/audit-append.ts";
import { systemActor } from "../../src/http/audit-actors.ts";
import { runAuditPurge } from "../../src/modules/audit/service.ts";
import { createTestApp, testConfig, unlimitedRateLimits } from "../support/app.ts";
import { runPackageScript } from "../support/commands.ts";
import { createTestDatabase } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "../support/users.ts";

const db = await createTestDatabase();
afterAll(() => db.drop());
const config = testConfig();
const app = createTestApp(db.sql, config, { rateLimits: unlimitedRateLimits });

let owner: SignedInUser;
let staff: SignedInUser;
beforeAll(async () => {
  owner = await signedInOwner(app);
  staff = await registerAndLogin(app, { name: "Sven Sachbearbeiter" });
});

const verify = () => callJson<AuditVerification>(app, "/api/audit/verify", { token: owner.token });

async function auditVerifyCommand(): Promise<{ code: number; output: string }> {
  return runPackageScript("audit-verify", [], {
    ...process.env,
    DATABASE_URL: db.url ?? "",
    JWT_SECRET: config.jwtSecret,
    DATA_DIR: config.dataDir,
    // The sets the app's own checks read (testConfig's scratch folder, not the checkout's).
    BACKUP_DIR: config.backupTarget.kind === "disk" ? config.backupTarget.dir : undefined,
  });
}

describe("the audit trail", () => {
  test("staff get 403 on every route of the trail", async () => {
    for (const path of ["/api/audit", "/api/audit/export.csv", "/api/audit/verify"]) {
      const answer = await callJson(app, path, { token: staff.token });
      expect(answer.status).toBe(403);
    }
    expect((await call(app, "/api/audit")).status).toBe(401);
  });

  test("UPDATE, DELETE and TRUNCATE on the table are refused by the database", async () => {
    await recordAuditEvent(db.sql, systemActor, { action: "customer.created", objectId: 1 });
    expect(db.sql`update audit_events set actor_name = 'Mallory'`).rejects.toThrow(/append-only/);
    expect(db.sql`delete from audit_events`).rejects.toThrow(/append-only/);
    expect(db.sql`truncate audit_events`).rejects.toThrow(/append-only/);
    expect((await verify()).body.ok).toBe(true);
  });

  test("an event exists exactly when its change commits: a rolled-back one leaves nothing, not even staged", async () => {
    const [before] = await db.sql<{ last_seq: number }[]>`select last_seq from audit_chain`;
    const rolledBack = db.sql.begin(async (tx) => {
      await recordAuditEvent(tx, systemActor, { action: "customer.created", objectId: "zurückgerollt" });
      throw new Error("rolled back");
    });
    expect(rolledBack).rejects.toThrow("rolled back");
    await rolledBack.catch(() => undefined);
    const [after] = await db.sql<{ last_seq: number; events: number; staged: number }[]>`
      select last_seq,
        (select count(*)::int from audit_events where object_id = 'zurückgerollt') as events,
        (select count(*)::int from audit_pending) as staged
      from audit_chain`;
    expect(after).toEqual({ last_seq: before?.last_seq ?? -1, events: 0, staged: 0 });
  });

  test.skipIf(db.url === null)(
    "a transaction that wrote its event but has not committed does not hold back another's; the chain follows the commits",
    async () => {
      const slowMayCommit = Promise.withResolvers<void>();
      const slowHasWritten = Promise.withResolvers<void>();
      const slow = db.sql.begin(async (tx) => {
        await recordAuditEvent(tx, systemActor, { action: "customer.changed", objectId: "langsam" });
        slowHasWritten.resolve();
        await slowMayCommit.promise;
      });
      await slowHasWritten.promise;
      // Under a lock taken when the event is written, this commit would wait for `slow` to end.
      const quick = db.sql.begin((tx) =>
        recordAuditEvent(tx, systemActor, { action: "customer.changed", objectId: "schnell" }),
      );
      const outcome = await Promise.race([
        quick.then(() => "committed"),
        Bun.sleep(5000).then(() => "waited for the other transaction"),
      ]);
      slowMayCommit.resolve();
      await Promise.all([slow, quick]);
      expect(outcome).toBe("committed");
      const order = await db.sql<{ object_id: string }[]>`
        select object_id from audit_events where object_id in ('langsam', 'schnell') order by seq`;
      expect(order.map((event) => event.object_id)).toEqual(["schnell", "langsam"]);
      expect((await verify()).body.ok).toBe(true);
    },
  );

  test.skipIf(db.url === null)(
    "two processes writing 500 events each at once leave one unbroken chain",
    async () => {
      const [before] = await db.sql<{ last_seq: number }[]>`select last_seq from audit_chain`;
      const worker = join(import.meta.dir, "append-worker.ts");
      const runs = ["A", "B"].map((tag) =>
        Bun.spawn(["bun", worker, db.url ?? "", "500", tag], { stdout: "pipe", stderr: "inherit" }),
      );
      const outputs = await Promise.all(runs.map((run) => new Response(run.stdout).text()));
      expect(outputs.map((output) => output.trim())).toEqual(["done", "done"]);
      const [after] = await db.sql<{ last_seq: number; events: number }[]>`
      select last_seq, (select count(*)::int from audit_events where actor_name like 'Prozess %') as events
      from audit_chain`;
      expect(after?.events).toBe(1000);
      expect(after?.last_seq).toBe((before?.last_seq ?? 0) + 1000);
      const verdict = await verify();
      expect(verdict.body).toMatchObject({ ok: true, first_mismatch: null });
      expect(verdict.body.checked).toBe(after?.last_seq ?? -1);
    },
    60_000,
  );

  test("a disabled admin's events stay readable under the name they had", async () => {
    const admin = await registerAndLogin(app, { name: "Adele Admin", role: "admin" });
    const created = await callJson<{ customer: { id: number } }>(app, "/api/customers", {
      token: admin.token,
      json: { name: "Kunde von Adele" },
    });
    expect(created.status).toBe(201);
    const patched = await call(app, `/api/users/${admin.user.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { status: "disabled" },
    });
    expect(patched.status).toBe(200);
    await db.sql`update users set name = 'Adele Umbenannt' where id = ${admin.user.id}`;
    const page = await callJson<{ events: AuditEvent[] }>(app, `/api/audit?actor_id=${admin.user.id}`, {
      token: owner.token,
    });
    expect(page.body.events.map((event) => [event.action, event.actor_name])).toContainEqual([
      "customer.created",
      "Adele Admin",
    ]);
  });

  test("filters and keyset paging: newest first, no event twice or missing", async () => {
    const seen: number[] = [];
    let before: number | null = null;
    do {
      const query: string = `/api/audit?limit=7&action=auth.login_succeeded${before ? `&before=${before}` : ""}`;
      const page = await callJson<{ events: AuditEvent[]; next: number | null }>(app, query, { token: owner.token });
      expect(page.status).toBe(200);
      seen.push(...page.body.events.map((event) => event.seq));
      expect(page.body.events.every((event) => event.action === "auth.login_succeeded")).toBe(true);
      before = page.body.next;
    } while (before !== null);
    const [count] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from audit_events where action = 'auth.login_succeeded'`;
    expect(seen.length).toBe(count?.n ?? -1);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    for (const bad of [
      "action=erfunden",
      "actor_id=abc",
      "from=2026-02-30",
      "from=2026-03-02&to=2026-03-01",
      "limit=201",
    ]) {
      const answer = await callJson<{ message: string }>(app, `/api/audit?${bad}`, { token: owner.token });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/Parameter|Zeitraum/);
    }
  });

  test("CSV export: BOM, quoted cells, semicolons, CRLF, umlauts as written", async () => {
    await callJson(app, "/api/customers", { token: staff.token, json: { name: "Größe; „Test“" } });
    const response = await call(app, `/api/audit/export.csv?actor_id=${staff.user.id}`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header, first] = text.split("\r\n");
    expect(header).toBe(
      '"Zeit";"Person";"Adresse";"Aktion";"Objekt";"Objekt-Nr.";"Geänderte Felder";"Vorher → Nachher"',
    );
    expect(first).toContain(';"Sven Sachbearbeiter";');
    expect(first).toContain(';"Kunde angelegt";"Kunde";');
  });

  test("retention: past its period an event is emptied, the chain still verifies, the purge is an event, once a day", async () => {
    await db.sql`
      select audit_append('security', 'visitor', null, 'Besucher', '192.0.2.1', 'auth.login_failed', 'account', null, '{}', null)`;
    // Linked at its commit (the statement's own): the chain's newest event.
    const [old] = await db.sql<{ seq: number }[]>`select last_seq as seq from audit_chain`;
    // Two years ago (the trigger is off only for this, as a superuser restoring old data would).
    await db.sql.begin(async (tx) => {
      await tx`alter table audit_events disable trigger audit_events_append_only`;
      await tx`update audit_events set occurred_at = occurred_at - interval '2 years' where seq = ${old?.seq ?? 0}`;
      await tx`update audit_events set hash = audit_hash(audit_events) where seq = ${old?.seq ?? 0}`;
      await tx`alter table audit_events enable trigger audit_events_append_only`;
    });
    // …which verify notices: its hash is no longer the chain head's.
    expect((await verify()).body.first_mismatch).toMatchObject({
      seq: old?.seq,
      reason: auditMessages.mismatch.headMismatch,
    });
    await db.sql.begin(async (tx) => {
      await tx`alter table audit_events disable trigger audit_events_append_only`;
      // Relink the rest, as a careful forger would: only the backup manifest's head would tell.
      await tx`
        do $$ declare e audit_events; prev bytea; begin
          for e in select * from audit_events order by seq loop
            if prev is not null then
              update audit_events set prev_hash = prev, hash = sha256(prev || convert_to(audit_canonical(e), 'UTF8'))
                where seq = e.seq returning hash into prev;
            else prev := e.hash; end if;
          end loop;
          update audit_chain set last_hash = prev;
        end $$`;
      await tx`alter table audit_events enable trigger audit_events_append_only`;
    });
    expect((await verify()).body.ok).toBe(true);
    const purged = await runAuditPurge(db.sql, config, "2026-11-25");
    expect(purged).toBe(1);
    expect(await runAuditPurge(db.sql, config, "2026-11-25")).toBeNull();
    const [row] = await db.sql<
      { action: string | null }[]
    >`select action from audit_events where seq = ${old?.seq ?? 0}`;
    expect(row?.action ?? null).toBeNull();
    const page = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?action=audit.purged", {
      token: owner.token,
    });
    expect(page.body.events[0]).toMatchObject({ actor_name: auditMessages.system, changes: { purged: { after: 1 } } });
    expect((await verify()).body.ok).toBe(true);
  });

  test("the backup manifest's chain head is the newest event", async () => {
    const state = await readDatabaseState(db.sql);
    const [head] = await db.sql<{ head: string }[]>`
      select last_seq || ':' || encode(last_hash, 'hex') as head from audit_chain`;
    expect(state.auditChainHead).toBe(head?.head ?? "");
  });

  test.skipIf(db.url === null)(
    "an event changed behind the trigger's back is named by bun run audit-verify and by the button",
    async () => {
      const intact = await auditVerifyCommand();
      expect(intact.code).toBe(0);
      expect(intact.output).toMatch(/Protokoll unversehrt: \d+ Ereignisse geprüft/);
      const [target] = await db.sql<{ seq: number }[]>`
        select seq from audit_events where action = 'customer.created' and purged_at is null order by seq limit 1`;
      await db.sql.begin(async (tx) => {
        await tx`alter table audit_events disable trigger audit_events_append_only`;
        await tx`update audit_events set actor_name = 'Jemand anderes' where seq = ${target?.seq ?? 0}`;
        await tx`alter table audit_events enable trigger audit_events_append_only`;
      });
      const broken = await auditVerifyCommand();
      expect(broken.code).toBe(1);
      expect(broken.output).toContain(`Ereignis #${target?.seq} `);
      expect(broken.output).toContain(auditMessages.mismatch.contentChanged);
      const button = await verify();
      expect(button.body).toMatchObject({
        ok: false,
        first_mismatch: { seq: target?.seq, reason: auditMessages.mismatch.contentChanged },
      });
    },
    60_000,
  );
});
