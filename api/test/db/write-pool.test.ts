import { afterAll, expect, test } from "bun:test";
import { tmpdir } from "node:os";
import type { CustomerPage } from "@klarwerk/kit";
import postgres from "postgres";
import { openDatabase } from "../../src/db/open.ts";
import { createTestApp, testConfig, unlimitedRateLimits } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { call, callJson } from "../support/http.ts";
import { signedInOwner } from "../support/users.ts";

// postgres.js sends a query to a busy connection behind the one it runs, so a read that
// shared its pool with saves waiting on a lock waited with them. The saves have a pool of their own.
const db = await createTestDatabase();
afterAll(() => db.drop());

test.skipIf(db.url === null)(
  "a customer search answers while more saves than the pools have connections wait on another writer's lock",
  async () => {
    const opened = await openDatabase({ databaseUrl: db.url ?? "", dataDir: tmpdir() });
    const app = createTestApp(opened.sql, testConfig(), { writes: opened.writes, rateLimits: unlimitedRateLimits });
    const owner = await signedInOwner(app);
    // Creates go one statement at a time (the group commit): the saves that fill a pool are updates.
    const customers = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const name = `Wartende Bäckerei ${index}`;
        const created = await callJson<{ customer: { id: number } }>(app, "/api/customers", {
          token: owner.token,
          json: { name, status: "vertrag" },
        });
        return { id: created.body.customer.id, name };
      }),
    );
    const holder = postgres(db.url ?? "", { max: 1, onnotice: () => {} });
    const released = Promise.withResolvers<void>();
    const isLocked = Promise.withResolvers<void>();
    // Another writer holds the count of the saves' new status, as a committing create does.
    const holding = holder.begin(async (tx) => {
      await tx`select customers from customer_counts where status = 'in_kontakt' for update`;
      isLocked.resolve();
      await released.promise;
    });
    try {
      await isLocked.promise;
      // Eight saves: more than the reads' pool (4) and the saves' (2) have connections.
      const saves = customers.map(({ id, name }) =>
        call(app, `/api/customers/${id}`, { method: "PUT", token: owner.token, json: { name, status: "in_kontakt" } }),
      );
      const waiting = async () => {
        const [row] = await db.sql<{ waiting: number }[]>`
          select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query like '%update customers%'`;
        return row?.waiting ?? 0;
      };
      while ((await waiting()) < 2) await Bun.sleep(10);
      const search = callJson<CustomerPage>(app, "/api/customers?search=b%C3%A4ckerei", { token: owner.token });
      const outcome = await Promise.race([
        search.then((answer) => `answered ${answer.status} with ${answer.body.total} customers`),
        Bun.sleep(5000).then(() => "still waiting behind the saves"),
      ]);
      released.resolve();
      expect(outcome).toBe("answered 200 with 8 customers");
      const answers = await Promise.all(saves);
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200));
      const after = await callJson<CustomerPage>(app, "/api/customers?search=wartende&status=in_kontakt", {
        token: owner.token,
      });
      expect(after.body.total).toBe(8);
    } finally {
      released.resolve();
      await holding;
      await holder.end();
      await opened.close();
    }
  },
);
