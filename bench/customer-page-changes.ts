// What one save costs a process's kept customer pages: every change heard (a create, from this
// process or another) asks the kept pages whether it can show on them. Measured side by side in one
// run, on the same kept pages and the same saves: the pages asked one by one; asked once per group
// of one status and search (`pageGroup`, every page and size of it); and only the groups the saved
// name's substrings name (`groupsShowing`, as the product does), at 2 000 kept pages (the default
// of CUSTOMER_PAGES_KEPT) and at 20 000.
//
// Load shape: the unkind one. Kept pages are spread evenly over distinct searches (every person
// searches for something else, pages 1–5, a status filter on a third of them); each save is a new
// customer with a name from the same words, so a few of its searches are kept.
// Checked: after the saves all three keep the same pages with the same rows (a hash of them).
//
// Usage: bun bench/customer-page-changes.ts [--saves 2000]
import { createHash } from "node:crypto";
import { type CustomerStatus, customerStatuses } from "@klarwerk/kit";
import { localChangeFeed } from "../api/src/db/change-feed.ts";
import { TableCache } from "../api/src/db/table-cache.ts";
import {
  groupsShowing,
  type KeptPage,
  pageGroup,
  pagesShowing,
  revisePages,
} from "../api/src/modules/customers/list-cache.ts";
import type { ReadPage } from "../api/src/modules/customers/store.ts";
import type { ListQuery } from "../api/src/modules/customers/validation.ts";
import { shownCustomer } from "../api/test/support/customers-seed.ts";
import { seededRandom } from "../mf-invoices/test/fixtures.ts";
import { numberOption } from "./support/options.ts";

const saves = numberOption("--saves", 2000);
const words = [
  "müller",
  "schmidt",
  "schäfer",
  "bäckerei",
  "autohaus",
  "praxis",
  "kanzlei",
  "hotel",
  "köln",
  "ulm",
  "berlin",
];

/** A name of two words and a number, as the seeded customers have. */
function nameOf(random: () => number): string {
  const word = () => words[Math.floor(random() * words.length)] as string;
  return `${word()} ${word()} ${Math.floor(random() * 1000)}`;
}

/** `count` pages over distinct searches: a term, then pages 1–5 of it. */
function keptQueries(count: number, random: () => number): ListQuery[] {
  const queries: ListQuery[] = [];
  for (let term = 0; queries.length < count; term++) {
    const name = nameOf(random);
    const search = term % 2 === 0 ? name.slice(0, 3 + (term % 9)) : name;
    const status = term % 3 === 0 ? (customerStatuses[term % customerStatuses.length] as CustomerStatus) : null;
    for (let page = 1; page <= 5 && queries.length < count; page++)
      queries.push({ search, status, page, limit: 20, after: null });
  }
  return queries;
}

function pageFor(query: ListQuery, firstId: number): KeptPage {
  const term = query.search?.toLowerCase() ?? null;
  const customers = Array.from({ length: 20 }, (_, index) =>
    shownCustomer(firstId - index, `${query.search ?? "kunde"} ${index}`, query.status ?? "angerufen"),
  );
  const read: ReadPage = { customers, pages: 10, total: 200, total_exact: true, term };
  return { read, json: null };
}

const keyOf = ({ search, status, page, limit }: ListQuery) => JSON.stringify([search, status, page, limit]);

type Asked = "one by one" | "per group" | "named groups";

async function measure(kept: number, asked: Asked) {
  const random = seededRandom(36);
  const feed = localChangeFeed();
  const cache = new TableCache<KeptPage, ListQuery>(feed, {
    tables: ["customers"],
    affects: pagesShowing,
    revise: revisePages,
    maxEntries: kept,
    ...(asked === "one by one" ? {} : { group: pageGroup }),
    ...(asked === "named groups" ? { groupsAffected: groupsShowing } : {}),
  });
  const queries = keptQueries(kept, random);
  for (const [index, query] of queries.entries()) {
    await cache.get(keyOf(query), async () => pageFor(query, 1_000_000 + index * 100), query);
  }
  const changes = Array.from({ length: saves }, (_, index) => {
    const name = nameOf(random);
    const status = customerStatuses[index % customerStatuses.length] as CustomerStatus;
    const id = 10_000_000 + index;
    return { op: "insert", rows: [[name.toLowerCase(), status, shownCustomer(id, name, status)]] };
  });
  const started = performance.now();
  for (const change of changes) feed.changed("customers", change);
  const microsPerSave = ((performance.now() - started) * 1000) / saves;

  const hash = createHash("sha256");
  let still = 0;
  for (const query of queries) {
    const page = await cache.get(keyOf(query), async () => ({ read: pageFor(query, 0).read, json: "gone" }), query);
    if (page.json !== "gone") still++;
    hash.update(JSON.stringify([keyOf(query), page.json === "gone" ? null : page.read]));
  }
  return { microsPerSave, still, hash: hash.digest("hex") };
}

console.log(`${saves} saves, each heard once; kept pages over distinct searches, pages 1–5`);
console.log(
  "kept pages\tone by one (µs/save)\tper group\tnamed groups (the product)\tone by one / named\tpages still kept\tsame pages",
);
let wrong = false;
for (const kept of [2000, 20_000]) {
  const single = await measure(kept, "one by one");
  const grouped = await measure(kept, "per group");
  const named = await measure(kept, "named groups");
  const same = [grouped, named].every((other) => other.hash === single.hash && other.still === single.still);
  wrong ||= !same;
  const micros = (result: { microsPerSave: number }) => result.microsPerSave.toFixed(1);
  console.log(
    `${kept}\t${micros(single)}\t${micros(grouped)}\t${micros(named)}\t${(single.microsPerSave / named.microsPerSave).toFixed(1)}\t${named.still}\t${same ? "yes" : "NO"}`,
  );
}
if (wrong) {
  console.error("the caches kept different pages");
  process.exit(1);
}
