// How a kept list page takes in a new customer (issue 27, customers/store.ts `revisePages`): the
// notification's row at its place in the page's window, counted once, the cap and the pages as a
// fresh read says them, in whatever order the inserts are heard.
import { describe, expect, test } from "bun:test";
import { type Customer, customerPaging } from "@klarwerk/kit";
import { seededRandom } from "../../../mf-invoices/test/fixtures.ts";
import { type KeptPage, type PageWindow, revisePages } from "../../src/modules/customers/store.ts";
import type { ListQuery } from "../../src/modules/customers/validation.ts";

const customer = (id: number, name = `Kunde ${id}`, status: Customer["status"] = "vertrag"): Customer =>
  ({
    id,
    name,
    email: null,
    phone: null,
    website: null,
    notes: null,
    status,
    address: null,
    leitweg_id: null,
  }) as Customer;

/** A notification of inserts in transaction `tx` (500 unless given), as migration 021 sends it. */
const inserted = (rows: Customer[], tx = "500") => ({
  tx,
  op: "insert",
  rows: rows.map((row) => [row.name.toLowerCase(), row.status, row]),
});

const query = (overrides: Partial<ListQuery> = {}): ListQuery => ({
  page: 1,
  limit: 3,
  search: null,
  status: null,
  ...overrides,
});

/**
 * A page as `readCustomerPage` reads it from a list (newest first, every row matching) with
 * `rowsBefore` rows of window before it; by default in a snapshot that saw transactions below 500
 * only.
 */
const read = (
  list: Customer[],
  { page, limit }: Pick<ListQuery, "page" | "limit">,
  rowsBefore: number,
  overrides: Partial<KeptPage> = {},
): KeptPage => {
  const start = (page - 1) * limit;
  const offset = Math.max(0, start - rowsBefore);
  const rows = list.slice(offset, start + limit);
  const window: PageWindow = { offset, rows };
  return {
    page: {
      customers: list.slice(start, start + limit),
      total: list.length,
      pages: Math.max(1, Math.ceil(list.length / limit)),
      total_exact: true,
    },
    window,
    snapshot: "490:500:",
    term: null,
    json: "[]",
    weight: 2,
    ...overrides,
  };
};

const ids = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => customer(from - index * 10)).filter((row) => row.id >= to);

describe("a new customer on a kept page", () => {
  const newest = customer(90, "Müller Bau");
  const revision = revisePages(inserted([newest]));
  if (!revision) throw new Error("an insert with its row is a revision");

  test("goes first on the first page; the last one moves on; counted once", () => {
    const page = read([customer(80), customer(70), customer(60), customer(50)], query(), 0);
    const after = revision.apply(page, query());
    expect(after?.page).toEqual({
      customers: [newest, customer(80), customer(70)],
      total: 5,
      pages: 2,
      total_exact: true,
    });
    expect(after?.json).toBeNull();
  });

  test("is not added twice to a page whose read already saw it", () => {
    const page = read([newest, customer(80), customer(70)], query(), 0, { snapshot: "501:501:" });
    expect(revision.apply(page, query())).toBe(page);
  });

  test("takes its place by id, not first, when it is older than the page's newest; past a full page only counted", () => {
    const page = read([customer(95), customer(85), customer(60)], query(), 0);
    expect(revision.apply(page, query())?.page.customers.map((row) => row.id)).toEqual([95, 90, 85]);
    const full = read([customer(99), customer(98), customer(97)], query(), 0);
    expect(revision.apply(full, query())?.page).toMatchObject({ customers: full.page.customers, total: 4, pages: 2 });
  });

  test("only where it belongs: its status, and a search its name contains as the database lower-cases it", () => {
    const page = read([customer(80)], query(), 0, { term: "müller" });
    expect(revision.apply(page, query({ search: "Müller" }))?.page.total).toBe(2);
    expect(revision.apply(read([], query(), 0, { term: "schmidt" }), query({ search: "schmidt" }))).toMatchObject({
      page: { total: 0 },
    });
    expect(revision.apply(read([], query(), 0), query({ status: "abweisung" }))?.page.total).toBe(0);
    expect(revision.apply(read([], query(), 0), query({ status: "vertrag" }))?.page.customers).toEqual([newest]);
  });

  test("on a later page the rows move one down: the last row before the page comes first", () => {
    const list = ids(80, 10);
    const second = read(list, query({ page: 2 }), 200);
    expect(revision.apply(second, query({ page: 2 }))?.page).toEqual({
      customers: [customer(60), customer(50), customer(40)],
      total: 9,
      pages: 3,
      total_exact: true,
    });
    // The last page takes the row that fell off the one before it.
    const third = read(list, query({ page: 3 }), 200);
    expect(revision.apply(third, query({ page: 3 }))?.page.customers).toEqual([
      customer(30),
      customer(20),
      customer(10),
    ]);
  });

  test("a customer ranking between the page before and this one comes first itself; behind the first row, at its place", () => {
    const second = read(ids(80, 30), query({ page: 2 }), 200);
    expect(
      revisePages(inserted([customer(55)]))
        ?.apply(second, query({ page: 2 }))
        ?.page.customers.map((row) => row.id),
    ).toEqual([55, 50, 40]);
    expect(
      revisePages(inserted([customer(45)]))
        ?.apply(second, query({ page: 2 }))
        ?.page.customers.map((row) => row.id),
    ).toEqual([50, 45, 40]);
  });

  test("a window that begins below the list's start takes as many customers above it as it has rows before the page", () => {
    const list = ids(200, 10);
    let third: KeptPage | undefined = read(list, query({ page: 3 }), 2);
    expect(third.window.offset).toBe(4);
    const newer = [customer(300), customer(310), customer(320)];
    const seen: number[][] = [];
    for (const [index, row] of newer.entries()) {
      third = third && revisePages(inserted([row], String(500 + index)))?.apply(third, query({ page: 3 }));
      if (third) seen.push(third.page.customers.map((kept) => kept.id));
    }
    // Page 3 is rows 6-8: 140, 130, 120; each newer customer pushes them one down.
    expect(seen).toEqual([
      [150, 140, 130],
      [160, 150, 140],
    ]);
    // The third would need the row above the window: forgotten.
    expect(third).toBeUndefined();
  });

  test("a page past the list's end stays empty while the list stays short of it, and is forgotten when it reaches it", () => {
    // Three customers; page 3 (rows 6-8) with one row before it: nothing in its window.
    let third: KeptPage | undefined = read(ids(80, 60), query({ page: 3 }), 1);
    expect(third.window).toEqual({ offset: 5, rows: [] });
    const totals: number[] = [];
    for (const id of [90, 100, 110, 120]) {
      third = third && revisePages(inserted([customer(id)], String(500 + id)))?.apply(third, query({ page: 3 }));
      if (third) totals.push(third.page.total);
      expect(third?.page.customers ?? []).toEqual([]);
    }
    // Six customers fill pages 1 and 2; the seventh would open page 3, whose row the window lacks.
    expect(totals).toEqual([4, 5, 6]);
    expect(third).toBeUndefined();
  });

  test("a load under way is never spoiled by an insert: it takes it when it lands", () => {
    expect(revision.spoils(query({ page: 2 }))).toBe(false);
    expect(revision.spoils(query())).toBe(false);
  });

  test("a search's count passes the cap as a fresh read would say it; past the cap it stays", () => {
    const cap = customerPaging.searchCountCap;
    const atCap = read([customer(80)], query({ limit: 20 }), 0, { term: "müller" });
    atCap.page = { ...atCap.page, total: cap };
    expect(revision.apply(atCap, query({ search: "müller", limit: 20 }))?.page).toMatchObject({
      total: cap,
      total_exact: false,
      pages: Math.ceil((cap + 1) / 20),
    });
    const capped = read([customer(80)], query({ limit: 20 }), 0, { term: "müller" });
    capped.page = { ...capped.page, total: cap, total_exact: false, pages: 501 };
    expect(revision.apply(capped, query({ search: "müller", limit: 20 }))?.page).toMatchObject({
      customers: [newest, customer(80)],
      total: cap,
      total_exact: false,
      pages: 501,
    });
  });

  test("updates, deletes and inserts without their rows are not revisions (their pages are forgotten)", () => {
    expect(revisePages({ tx: "501", op: "update", rows: [["müller bau", "vertrag"]] })).toBeNull();
    expect(revisePages({ tx: "501", op: "delete", rows: [["müller bau", "vertrag"]] })).toBeNull();
    expect(revisePages({ tx: "501", op: "insert", rows: [["müller bau", "vertrag"]] })).toBeNull();
    expect(revisePages({ tx: "501", op: "insert" })).toBeNull();
    expect(revisePages([["müller bau", "vertrag"]])).toBeNull();
  });
});

describe("kept pages and a fresh read agree, whatever order the inserts are heard in", () => {
  // A writer announces its own insert before the NOTIFYs of others committed earlier arrive, and a
  // statement may insert several rows: the kept page must end as a read after all of them.
  test("400 random lists, pages, windows and orders of inserts", () => {
    const next = seededRandom(27);
    const pick = (below: number) => Math.floor(next() * below);
    let checked = 0;
    for (let round = 0; round < 400; round++) {
      const limit = 1 + pick(4);
      const listQuery = query({ page: 1 + pick(5), limit });
      // Ids with gaps, newest first; the new ones mostly newest, some between (a slow transaction).
      const base = Array.from({ length: pick(20) }, (_, index) => customer(1000 - index * 10 - pick(5)));
      const news = Array.from({ length: 1 + pick(6) }, (_, index) =>
        customer(next() < 0.8 ? 2000 + index : 1000 - pick(200) * 5 + 1),
      ).filter(
        (row, index, all) =>
          all.findIndex((other) => other.id === row.id) === index && !base.some((old) => old.id === row.id),
      );
      let kept: KeptPage | undefined = read(base, listQuery, pick(2 * limit + 1));
      // Heard in a random order; some in one statement.
      const order = news.toSorted(() => next() - 0.5);
      for (let index = 0; index < order.length; ) {
        const together = order.slice(index, index + 1 + pick(2));
        index += together.length;
        kept = kept && revisePages(inserted(together, String(500 + index)))?.apply(kept, listQuery);
      }
      if (kept === undefined) continue;
      const fresh = read(newestFirst([...base, ...news]), listQuery, 0);
      expect(kept.page).toEqual(fresh.page);
      checked++;
    }
    // Most pages must have been kept, or the test proves little.
    expect(checked).toBeGreaterThan(250);
  });
});

function newestFirst(rows: Customer[]): Customer[] {
  return rows.toSorted((a, b) => b.id - a.id);
}
