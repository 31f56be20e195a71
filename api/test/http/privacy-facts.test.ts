import { afterAll, describe, expect, test } from "bun:test";
import { copyFile, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  abuseLimitCleanupMinutes,
  abuseLimitWindowMinutes,
  clientReportRetentionDays,
  contactRetentionDays,
} from "@klarwerk/kit";
import { loadConfig } from "../../src/config.ts";
import { migrate, migrationsDir } from "../../src/db/migrate.ts";
import { postgresRateLimit, scheduleWindowCleanup } from "../../src/http/rate-limit.ts";
import { accountLoginLimit, addressLoginLimit, registrationLimit } from "../../src/modules/auth/limits.ts";
import { contactRateLimit } from "../../src/modules/contact-requests/routes.ts";
import { passwordResetRateLimits } from "../../src/modules/password-reset/routes.ts";
import { runRetention } from "../../src/modules/privacy/index.ts";
import { scheduleClientReportPurge } from "../../src/modules/releases/retention.ts";
import { canaryTicketLimit, clientLoadLimit, clientReportLimit } from "../../src/modules/releases/routes.ts";
import { purgeClientReports } from "../../src/modules/releases/store.ts";
import { createTestApp } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { callJson } from "../support/http.ts";
import { signedInOwner, uniqueEmail } from "../support/users.ts";

// What the privacy notice (/datenschutz) promises, held against what the API does. The page renders the kit's figures (mf-marketing/test/datenschutz.test.tsx).
const db = await createTestDatabase();
const app = createTestApp(db.sql);
afterAll(() => db.drop());

const minutes = (windowMs: number) => windowMs / 60_000;

describe("the address counting", () => {
  test("each limit counts for the window the notice states", () => {
    expect(minutes(contactRateLimit.windowMs)).toBe(abuseLimitWindowMinutes.contact);
    expect(minutes(registrationLimit.windowMs)).toBe(abuseLimitWindowMinutes.registration);
    expect(minutes(accountLoginLimit.windowMs)).toBe(abuseLimitWindowMinutes.login);
    expect(minutes(addressLoginLimit.windowMs)).toBe(abuseLimitWindowMinutes.login);
    expect(minutes(passwordResetRateLimits.perEmail.windowMs)).toBe(abuseLimitWindowMinutes.passwordReset);
    expect(minutes(passwordResetRateLimits.perClient.windowMs)).toBe(abuseLimitWindowMinutes.passwordReset);
    expect(minutes(clientReportLimit.windowMs)).toBe(abuseLimitWindowMinutes.clientReports);
    expect(minutes(clientLoadLimit.windowMs)).toBe(abuseLimitWindowMinutes.clientReports);
    expect(minutes(canaryTicketLimit.windowMs)).toBe(abuseLimitWindowMinutes.clientReports);
  });

  test("lives in the database, and an ended window is deleted by the sweep though its limit is never hit again", async () => {
    const limit = postgresRateLimit(db.sql, { name: "privacy-test", max: 3, windowMs: 60_000 });
    await limit.hit("203.0.113.9");
    const stored = await db.sql`select key from rate_limit_counters where limit_name = 'privacy-test'`;
    expect(stored.map((row) => row.key)).toEqual(["203.0.113.9"]);
    await db.sql`update rate_limit_counters set window_ends = now() - interval '1 second' where limit_name = 'privacy-test'`;
    await db.sql`
      insert into rate_limit_counters (limit_name, key, events, window_ends)
      values ('privacy-test', 'still-counting', 1, now() + interval '1 minute')`;
    const stop = scheduleWindowCleanup(db.sql, abuseLimitCleanupMinutes * 60_000);
    try {
      for (let tries = 0; tries < 100; tries++) {
        const left = await db.sql`select key from rate_limit_counters where limit_name = 'privacy-test'`;
        if (left.length === 1) break;
        await Bun.sleep(20);
      }
      const left = await db.sql`select key from rate_limit_counters where limit_name = 'privacy-test'`;
      expect(left.map((row) => row.key)).toEqual(["still-counting"]);
    } finally {
      stop();
    }
  });
});

describe(`mails holding a contact request's data go with the request (${contactRetentionDays} days after done)`, () => {
  test("the notice to the team and the replies are deleted with the request; other mails stay", async () => {
    const owner = await signedInOwner(app);
    const visitor = uniqueEmail("privat");
    const sent = await callJson(app, "/api/contact", {
      json: { name: "Paula Privat", email: visitor, company: "", message: "Meine Telefonnummer: 0301234" },
    });
    expect(sent.status).toBe(201);
    const [request] = await db.sql<{ id: number }[]>`select id from contact_requests where email = ${visitor}`;
    const replied = await callJson(app, `/api/requests/${request?.id}/reply`, {
      json: { message: "Wir rufen Sie an." },
      token: owner.token,
    });
    expect(replied.status).toBe(201);
    const mailsOf = () =>
      db.sql<{ kind: string }[]>`
        select kind from outbox where to_address = ${visitor} or reply_to_address = ${visitor} order by id`;
    expect((await mailsOf()).map((mail) => mail.kind)).toEqual(["contact-request", "reply"]);
    const others = await db.sql`select id from outbox where kind not in ('contact-request', 'reply')`;

    // The request was answered longer ago than the retention period.
    await db.sql`
      update contact_requests set done_at = now() - make_interval(days => ${contactRetentionDays + 1}::int)
      where id = ${request?.id ?? 0}`;
    expect((await runRetention(db.sql, { days: contactRetentionDays, dataDir: null })).requestIds).toHaveLength(1);
    expect((await mailsOf()).length).toBe(0);
    const othersAfter = await db.sql`select id from outbox where kind not in ('contact-request', 'reply')`;
    expect([...othersAfter]).toEqual([...others]);
  });

  test("migration 017 links the mails written before it, and deletes those whose request is gone", async () => {
    const old = await createTestDatabase({ migrated: false });
    const before017 = await mkdtemp(join(tmpdir(), "klarwerk-migrations-"));
    try {
      for (const name of await readdir(migrationsDir)) {
        if (name < "017_") await copyFile(join(migrationsDir, name), join(before017, name));
      }
      await migrate(old.sql, before017);
      const kept = uniqueEmail("bleibt");
      const gone = uniqueEmail("weg");
      await old.sql`insert into contact_requests (name, email, message) values ('K', ${kept}, 'Hallo')`;
      const insertMail = (kind: string, to: string, replyTo: string | null) => old.sql`
        insert into outbox (kind, to_address, reply_to_address, subject, text_body, html_body)
        values (${kind}, ${to}, ${replyTo}, 'Betreff', 'Text', '<p>Text</p>')`;
      await insertMail("contact-request", "team@example.com", kept);
      await insertMail("reply", kept, "team@example.com");
      await insertMail("contact-request", "team@example.com", gone);
      await insertMail("reply", gone, "team@example.com");
      await insertMail("access-granted", gone, null);
      await migrate(old.sql);
      const rows = await old.sql<{ kind: string; to_address: string; linked: boolean }[]>`
        select kind, to_address, contact_request_id is not null as linked from outbox order by id`;
      expect([...rows]).toEqual([
        { kind: "contact-request", to_address: "team@example.com", linked: true },
        { kind: "reply", to_address: kept, linked: true },
        { kind: "access-granted", to_address: gone, linked: false },
      ]);
      await old.sql`delete from contact_requests where email = ${kept}`;
      expect((await old.sql`select kind from outbox`).map((row) => row.kind)).toEqual(["access-granted"]);
    } finally {
      await old.drop();
      await rm(before017, { recursive: true, force: true });
    }
  });
});

describe(`a browser's error reports and the counted loads go ${clientReportRetentionDays} days after they came in`, () => {
  const dayMs = 24 * 60 * 60_000;

  async function releaseId(version: string): Promise<number> {
    const [row] = await db.sql<{ id: number }[]>`
      insert into releases (remote, version, kind, manifest_url, kit_surface, released_by)
      values ('dashboard', ${version}, 'external', 'https://cdn.example.com/mf-manifest.json', '1', 'Test')
      returning id`;
    return row?.id ?? 0;
  }

  async function report(release: number, at: Date, message: string): Promise<void> {
    await db.sql`
      insert into client_errors (remote, release_id, kind, route, message, browser, created_at)
      values ('dashboard', ${release}, 'render', '/dashboard', ${message}, 'Firefox', ${at})`;
    await db.sql`insert into release_loads (release_id, failed, created_at) values (${release}, true, ${at})`;
  }

  async function left(release: number) {
    const errors = await db.sql<{ message: string }[]>`
      select message from client_errors where release_id = ${release} order by id`;
    const loads = await db.sql<{ created_at: Date }[]>`
      select created_at from release_loads where release_id = ${release} order by id`;
    return { errors: errors.map((row) => row.message), loads: loads.map((row) => row.created_at.getTime()) };
  }

  test("the API keeps them the period the notice states, unless set shorter", () => {
    expect(loadConfig({}).clientReportRetentionDays).toBe(clientReportRetentionDays);
  });

  test("a report exactly that old stays, one a millisecond older goes, with its load", async () => {
    const release = await releaseId("purge-edge");
    const now = new Date();
    const edge = new Date(now.getTime() - clientReportRetentionDays * dayMs);
    await report(release, new Date(edge.getTime() - 1), "zu alt");
    await report(release, edge, "gerade noch");
    await report(release, new Date(edge.getTime() + 1), "jünger");
    expect(await purgeClientReports(db.sql, loadConfig({}).clientReportRetentionDays, now)).toEqual({
      errors: 1,
      loads: 1,
    });
    expect(await left(release)).toEqual({
      errors: ["gerade noch", "jünger"],
      loads: [edge.getTime(), edge.getTime() + 1],
    });
  });

  test("the server's daily purge deletes them, with a shorter setting too", async () => {
    const release = await releaseId("purge-daily");
    const days = 2;
    await report(release, new Date(Date.now() - days * dayMs - 60_000), "alt");
    await report(release, new Date(Date.now() - days * dayMs + 60_000), "neu");
    const stop = scheduleClientReportPurge(db.sql, days, { firstAfterMs: 0, everyMs: dayMs });
    try {
      for (let tries = 0; tries < 100 && (await left(release)).errors.length > 1; tries++) await Bun.sleep(20);
      expect((await left(release)).errors).toEqual(["neu"]);
      expect((await left(release)).loads).toHaveLength(1);
    } finally {
      await stop();
    }
  });
});

describe("what the notice says is not kept", () => {
  test("a browser's error report has no column for an address", async () => {
    const columns = await db.sql<{ column_name: string }[]>`
      select column_name from information_schema.columns where table_name = 'client_errors' order by column_name`;
    const names = columns.map((row) => row.column_name);
    expect(names).toContain("browser");
    expect(names.filter((name) => /addr|ip|host|forwarded/i.test(name))).toEqual([]);
  });

  test("a visitor's contact request, registration and sign-in attempt leave no address in the audit trail", async () => {
    const email = uniqueEmail("besucher");
    // An owner first, so the registration below is a visitor's request, not the owner's.
    await signedInOwner(app);
    const forwarded = { "x-forwarded-for": "198.51.100.23" };
    await callJson(app, "/api/contact", {
      json: { name: "Erika Besucherin", email, company: "", message: "Hallo", website: "" },
      headers: forwarded,
    });
    await callJson(app, "/api/register", {
      json: { name: "Neue Person", email, password: "Tinte Fjord Sattel 93", confirmPassword: "Tinte Fjord Sattel 93" },
      headers: forwarded,
    });
    await callJson(app, "/api/login", { json: { email, password: "falsch-falsch" }, headers: forwarded });
    const visitors = await db.sql<{ action: string; client_address: string | null }[]>`
      select action, client_address from audit_events where actor_kind = 'visitor' order by seq`;
    expect(visitors.length).toBeGreaterThanOrEqual(3);
    expect(visitors.filter((event) => event.client_address !== null)).toEqual([]);
  });
});
