// Deep pages of the customer list, counted off (`?page=`) against keyset (`?page=&after=`,
// decision 0104), measured open loop: requests leave at a fixed rate whatever the answers do, and
// each is timed from when it was due (bench/support/open-loop.ts). The list's own statement
// (`readCustomerPage`) on the API's read pool, without the kept pages: a cursor names a page no
// one else asks for, so a deep page is a miss in the API too.
//
// Two shapes of paging, each for the list without a search, a broad term (thousands of hits,
// no trigram: read newest first until enough match) and a firm's word with a trigram:
// - "first pages": pages 1-5, as staff page;
// - "spread": every page from 1 to the last equally often (the unkind shape: an offset of half
//   the list on average).
// Before measuring, the cursor of every page asked for is taken from the database (the last id of
// the page before, counted off), and every sampled page is read both ways: the same customers in
// the same order and the same total, or the bench stops. Each window starts once the database is
// idle again (a window not kept up with leaves statements running after it).
//
// Usage: DATABASE_URL=postgres://… bun bench/deep-pages.ts [--customers 100000] [--rate 50]
//        [--seconds 20] [--pages 200]
import { customerPaging } from "@klarwerk/kit";
import type { Sql } from "../api/src/db/open.ts";
import type { ListQuery } from "../api/src/modules/customers/validation.ts";
import { seededRandom } from "../mf-invoices/test/fixtures.ts";
import { readParsedCustomerPage } from "./support/customer-page.ts";
import { seededDatabase } from "./support/database.ts";
import { runOpenLoop } from "./support/open-loop.ts";
import { databaseLabel, numberOption } from "./support/options.ts";
import { seedRealisticCustomers } from "./support/realistic-customers.ts";

const customers = numberOption("customers", 100_000, { integer: true });
const rate = numberOption("rate", 50);
const seconds = numberOption("seconds", 20);
const sampledPages = numberOption("pages", 200, { integer: true });
const limit = customerPaging.defaultLimit;

/** A list to page through: no search, a broad term, a firm's word. */
const lists: { label: string; search: string | null }[] = [
  { label: "no search", search: null },
  { label: "broad term „er“", search: "er" },
  { label: "word „gmbh“", search: "gmbh" },
];

type Shape = "first pages" | "spread";
const shapes: Shape[] = ["first pages", "spread"];
type Method = "counted off" | "keyset";

interface Sample {
  page: number;
  /** The last id of the page before (counted off); null on page 1. */
  after: number | null;
}

/** How many customers the list holds (the search's matches): a page past them has no cursor. */
async function matchCount(sql: Sql, search: string | null): Promise<number> {
  const [row] =
    search === null
      ? await sql<{ count: number }[]>`select count(*)::int as count from customers`
      : await sql<{ count: number }[]>`
          select count(*)::int as count from customers where search_lower like ${`%${search}%`}`;
  return row?.count ?? 0;
}

/** The pages of the shape, each with its cursor from the database. */
async function samplesOf(sql: Sql, search: string | null, shape: Shape, matches: number): Promise<Sample[]> {
  const random = seededRandom(shape === "spread" ? 7 : 5);
  const lastPage = Math.max(1, Math.ceil(matches / limit));
  const pages = Array.from({ length: sampledPages }, () =>
    shape === "spread" ? 1 + Math.floor(random() * lastPage) : 1 + Math.floor(random() * Math.min(5, lastPage)),
  );
  const ids =
    search === null
      ? await sql<{ id: number }[]>`select id::int as id from customers order by id desc`
      : await sql<{ id: number }[]>`
          select id::int as id from customers where search_lower like ${`%${search}%`} order by id desc`;
  return pages.map((page) => ({ page, after: page === 1 ? null : (ids[(page - 1) * limit - 1]?.id ?? null) }));
}

function queryOf(search: string | null, sample: Sample, method: Method): ListQuery {
  return { search, status: null, page: sample.page, limit, after: method === "keyset" ? sample.after : null };
}

/** Every sample read both ways: the same customers, in order, and the same count. */
async function checkSameAnswers(sql: Sql, search: string | null, samples: Sample[]): Promise<void> {
  for (const sample of samples) {
    const [counted, keyset] = await Promise.all([
      readParsedCustomerPage(sql, queryOf(search, sample, "counted off")),
      readParsedCustomerPage(sql, queryOf(search, sample, "keyset")),
    ]);
    const ids = (page: typeof counted) => page.customers.map((customer) => customer.id).join(",");
    if (ids(counted) !== ids(keyset) || counted.total !== keyset.total || counted.pages !== keyset.pages) {
      throw new Error(`page ${sample.page} of ${search ?? "the list"} differs counted off and by its cursor`);
    }
  }
}

/**
 * Waits until no other statement of this database runs: a window that was not kept up with leaves
 * its requests running in the server after its drain, and the next window would wait for them.
 */
async function databaseIdle(sql: Sql): Promise<void> {
  for (let waited = 0; waited < 300; waited++) {
    const [row] = await sql<{ running: number }[]>`
      select count(*)::int as running from pg_stat_activity
      where state = 'active' and datname = current_database() and pid <> pg_backend_pid()`;
    if ((row?.running ?? 0) === 0) return;
    await Bun.sleep(1000);
  }
  throw new Error("the database stayed busy for five minutes after a window");
}

const format = (ms: number) => (Number.isNaN(ms) ? "-" : ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

const { db } = await seededDatabase(`${customers} realistic customers`, (sql) =>
  seedRealisticCustomers(sql, customers),
);
try {
  console.log(`# Deep pages of the customer list: ${databaseLabel()}, ${customers} customers, ${limit} a page`);
  console.log(`Open loop at ${rate}/s for ${seconds} s per row; ms from when each request was due.\n`);
  console.log("| list | shape | method | answered/s | p50 | p99 | p99.9 | max | failed |");
  console.log("| ---- | ----- | ------ | ---------: | --: | --: | ----: | --: | -----: |");
  for (const { label, search } of lists) {
    const matches = await matchCount(db.sql, search);
    for (const shape of shapes) {
      const samples = await samplesOf(db.sql, search, shape, matches);
      await checkSameAnswers(db.sql, search, samples);
      // Keyset first: a counted-off window that is not kept up with leaves statements running.
      for (const method of ["keyset", "counted off"] as const) {
        await databaseIdle(db.sql);
        const result = await runOpenLoop({
          rate,
          durationMs: seconds * 1000,
          next: (index) => ({ item: { kind: method, sample: samples[index % samples.length] as Sample } }),
          execute: async ({ sample }) => {
            const page = await readParsedCustomerPage(db.sql, queryOf(search, sample, method));
            if (page.customers.length === 0 && sample.page <= Math.ceil(matches / limit)) {
              throw new Error(`page ${sample.page} came back empty`);
            }
          },
        });
        const { p50, p99, p999, max } = result.all;
        console.log(
          `| ${label} (${matches} hits) | ${shape} | ${method} | ${result.answeredPerSecond.toFixed(0)} | ${format(p50)} | ${format(p99)} | ${format(p999)} | ${format(max)} | ${result.failures} |`,
        );
      }
    }
  }
} finally {
  await db.drop();
}
