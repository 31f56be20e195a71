// The admins' view of the daily deletion (`GET /api/privacy/retention-plan`): what a run now would
// delete, by id and date, changing nothing; and the limit every privacy route counts against per
// admin account, at its edge. Over the app's real routes, on both databases.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type PrivacyRetentionPlan, privacyMessages, todayInGermany } from "@klarwerk/kit";
import { httpMessages } from "../../src/http/messages.ts";
import { privacyRateLimit } from "../../src/modules/privacy/service.ts";
import { startFilesTest } from "../storage/upload-helpers.ts";
import { call, callJson } from "../support/http.ts";
import { type PersonEverywhere, personEverywhere } from "../support/privacy.ts";
import { registerAndLogin } from "../support/users.ts";

const files = await startFilesTest({ userName: "Doris Datei" });
afterAll(files.stop);
const { app, db } = files;
const dayMs = 24 * 60 * 60 * 1000;

let found: PersonEverywhere;

beforeAll(async () => {
  found = await personEverywhere(app);
});

describe("„Nächster Lauf der Löschung“: the dry run for admins", () => {
  test("names the answered request past the period and the invoice whose restriction ended, and deletes nothing", async () => {
    const empty = await callJson<PrivacyRetentionPlan>(app, "/api/privacy/retention-plan", {
      token: found.owner.token,
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      today: todayInGermany(),
      contact_request_days: 30,
      contact_requests: [],
      invoices: [],
      summary: privacyMessages.retentionNothing,
    });

    // The first request (answered by staff) was marked done 31 days ago; the invoice's restriction ended yesterday.
    const doneAt = new Date(Date.now() - 31 * dayMs);
    await db.sql`update contact_requests set done_at = ${doneAt} where id = ${found.requests[0] ?? 0}`;
    const yesterday = todayInGermany(new Date(Date.now() - dayMs));
    await db.sql`
      insert into privacy_restrictions (table_name, row_id, restricted_until) values ('invoices', ${found.invoice.id}, ${yesterday})`;
    const plan = await callJson<PrivacyRetentionPlan>(app, "/api/privacy/retention-plan", {
      token: found.owner.token,
    });
    expect(plan.status).toBe(200);
    expect(plan.body.contact_requests).toEqual([{ id: found.requests[0] ?? 0, done_at: doneAt.toISOString() }]);
    expect(plan.body.replies).toBe(1);
    expect(plan.body.mails).toBe(2);
    expect(plan.body.invoices).toEqual([
      { id: found.invoice.id, number: found.invoice.number ?? "", restricted_until: yesterday },
    ]);
    expect(plan.body.summary).toBe(privacyMessages.retentionPlanned(1, 2, 1));
    // Ids and dates only: nothing of the person.
    const text = JSON.stringify(plan.body);
    for (const personal of [found.person.email, found.person.name, "Müller"]) expect(text).not.toContain(personal);
    // Nothing went.
    const [left] = await db.sql<{ requests: number; invoices: number }[]>`
      select (select count(*)::int from contact_requests where id = ${found.requests[0] ?? 0}) as requests,
             (select count(*)::int from invoices where id = ${found.invoice.id}) as invoices`;
    expect(left).toEqual({ requests: 1, invoices: 1 });
  });

  test("staff get 403, nobody unsigned", async () => {
    const asStaff = await callJson(app, "/api/privacy/retention-plan", { token: found.staff.token });
    expect(asStaff.status).toBe(403);
    expect(asStaff.body).toEqual({ code: "admin-only", message: httpMessages.adminOnly });
    expect((await call(app, "/api/privacy/retention-plan")).status).toBe(401);
  });
});

describe("the limit of the privacy routes, per admin account", () => {
  test(`${privacyRateLimit.max} calls a minute pass on any privacy route; the next is refused with 429 and Retry-After; another admin still passes`, async () => {
    const paths = ["/api/privacy/cases", "/api/privacy/retention-plan"];
    for (let made = 0; made < privacyRateLimit.max; made++) {
      const answer = await call(app, paths[made % 2] ?? "", { token: found.owner.token });
      expect(answer.status).toBe(200);
    }
    const refused = await call(app, "/api/privacy/cases", { token: found.owner.token });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: "rate-limited", message: privacyMessages.tooManyRequests });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(privacyRateLimit.windowMs / 1000);
    const erasing = await call(app, "/api/privacy/cases", {
      token: found.owner.token,
      json: { email: found.person.email, kind: "erasure" },
    });
    expect(erasing.status).toBe(429);

    const other = await registerAndLogin(app, { name: "Zweite Admin", role: "admin" });
    expect((await call(app, "/api/privacy/cases", { token: other.token })).status).toBe(200);
    // Staff are refused before they count: the same 403 as ever.
    expect((await call(app, "/api/privacy/cases", { token: found.staff.token })).status).toBe(403);
  });
});
