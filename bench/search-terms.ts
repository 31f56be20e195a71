// Every spread search term of the open-loop bench (bench/mixed.ts `diverseTerms`: ≥ 3 000 terms
// made of the customers' own names and e-mails, and the typed searches' bases), read once each on
// pages 1 and 3 through the list's statement (`readCustomerPage`, no kept pages), one after another
// on an otherwise idle database: which terms are slow, and what share of the time they take.
// Found the rare terms without a trigram that read every row (decision 0104). Not a latency at a
// rate (bench/open-loop.ts is); a map of the statement's cost over the terms staff type.
// It checks what it measured: for a sample of terms the page's customers and total equal a plain
// reading of every customer's search text, newest first.
//
// Usage: DATABASE_URL=postgres://… bun bench/search-terms.ts [--customers 100000] [--checked 40]
import { customerPaging } from "@klarwerk/kit";
import type { Sql } from "../api/src/db/open.ts";
import { searchNeedle } from "../api/src/modules/customers/store.ts";
import { diverseTerms } from "./mixed.ts";
import { readParsedCustomerPage } from "./support/customer-page.ts";
import { seededDatabase } from "./support/database.ts";
import { databaseLabel, numberOption } from "./support/options.ts";
import { seedRealisticCustomers } from "./support/realistic-customers.ts";

const customers = numberOption("customers", 100_000, { integer: true });
const checkedTerms = numberOption("checked", 40, { integer: true });
const limit = customerPaging.defaultLimit;
const pages = [1, 3];

interface Timing {
  term: string;
  page: number;
  ms: number;
  total: number;
}

/** The newest matches of a plain reading of every search text, as the page should show them. */
async function plainAnswer(sql: Sql, term: string, page: number): Promise<{ ids: number[]; total: number }> {
  const [{ needle } = { needle: "" }] = await sql<{ needle: string }[]>`select lower(${term}) as needle`;
  const wanted = searchNeedle(needle);
  const rows = await sql<{ id: number; search_lower: string }[]>`
    select id::int as id, search_lower from customers order by id desc`;
  const hits = rows.filter((row) => row.search_lower.includes(wanted)).map((row) => row.id);
  const cap = (page + customerPaging.searchPagesCountedAhead) * limit;
  return { ids: hits.slice((page - 1) * limit, page * limit), total: Math.min(hits.length, cap) };
}

const at = (sorted: number[], fraction: number) =>
  (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN).toFixed(1);

const { db } = await seededDatabase(`${customers} realistic customers`, (sql) =>
  seedRealisticCustomers(sql, customers),
);
try {
  const set = await diverseTerms(db.sql, customers);
  const terms = [...set.terms, ...(set.typing?.bases ?? [])];
  // Once through, unmeasured: the database's caches as the open-loop bench's warm-up leaves them.
  for (const term of terms)
    await readParsedCustomerPage(db.sql, { search: term, status: null, page: 1, limit, after: null });
  const timings: Timing[] = [];
  for (const term of terms) {
    for (const page of pages) {
      const started = performance.now();
      const read = await readParsedCustomerPage(db.sql, { search: term, status: null, page, limit, after: null });
      timings.push({ term, page, ms: performance.now() - started, total: read.total });
    }
  }
  for (const term of terms.slice(0, checkedTerms)) {
    for (const page of pages) {
      const read = await readParsedCustomerPage(db.sql, { search: term, status: null, page, limit, after: null });
      const plain = await plainAnswer(db.sql, term, page);
      const ids = read.customers.map((customer) => customer.id);
      if (ids.join() !== plain.ids.join() || read.total !== plain.total) {
        throw new Error(`„${term}“ page ${page}: the statement and a plain reading differ`);
      }
    }
  }
  const sorted = timings.map((timing) => timing.ms).sort((a, b) => a - b);
  const slow = timings.filter((timing) => timing.ms > 50);
  const share = slow.reduce((sum, timing) => sum + timing.ms, 0) / sorted.reduce((sum, ms) => sum + ms, 0);
  console.log(`# Search terms over ${customers} customers: ${databaseLabel()}`);
  console.log(`${timings.length} reads (${terms.length} terms, pages ${pages.join(" and ")}), one at a time, warm`);
  console.log(`p50 ${at(sorted, 0.5)}  p90 ${at(sorted, 0.9)}  p99 ${at(sorted, 0.99)}  max ${at(sorted, 1)} ms`);
  console.log(`over 50 ms: ${slow.length} reads, ${(share * 100).toFixed(0)} % of the time`);
  console.log(
    `checked against a plain reading: ${Math.min(checkedTerms, terms.length)} terms, pages ${pages.join(", ")}`,
  );
  console.log("slowest:");
  for (const { term, page, ms, total } of timings.sort((a, b) => b.ms - a.ms).slice(0, 12)) {
    console.log(`  „${term}“ page ${page}: ${ms.toFixed(1)} ms (${total} counted)`);
  }
} finally {
  await db.drop();
}
