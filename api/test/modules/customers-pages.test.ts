// How a kept list page takes in a new customer (customers/store.ts `revisePages`): the
// notification's row at its place in the page's window, counted once, the cap and the pages as a
// fresh read says them, in whatever order the inserts are heard.
import { describe, expect, test } from "bun:test";
import { type Customer, type CustomerPage, customerPaging } from "@klarwerk/kit";
import { seededRandom } from "../../../mf-invoices/test/fixtures.ts";
import { parseSnapshot } from "../../src/db/snapshot.ts";
import type { Revision } from "../../src/db/table-cache.ts";
import {
  type KeptList,
  type ListRange,
  type ListWindow,
  pageOf,
  rangeKey,
  rangeOf,
  revisePages,
} from "../../src/modules/customers/store.ts";
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

/** The range of exactly this page (the kept ranges of later pages are such). */
const exactly = ({ page, limit, search, status }: ListQuery): ListRange => ({
  search,
  status,
  limit,
  start: (page - 1) * limit,
  end: page * limit,
});

/**
 * A range as `readCustomerPage` reads it from a list (newest first, every row matching) with
 * `rowsBefore` rows of window before it; by default in a snapshot that saw transactions below 500
 * only.
 */
const read = (list: Customer[], range: ListRange, rowsBefore: number, overrides: Partial<KeptList> = {}): KeptList => {
  const offset = Math.max(0, range.start - rowsBefore);
  const window: ListWindow = { offset, rows: list.slice(offset, range.end) };
  return {
    count: { total: list.length, pages: Math.max(1, Math.ceil(list.length / range.limit)), total_exact: true },
    window,
    snapshot: parseSnapshot("490:500:"),
    term: null,
    json: new Map(),
    weight: 2,
    ...overrides,
  };
};

/** The answer for `query` from a kept range (undefined when forgotten). */
const answer = (kept: KeptList | undefined, list: ListQuery) => kept && pageOf(kept, list);

const ids = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => customer(from - index * 10)).filter((row) => row.id >= to);

describe("a new customer on a kept page", () => {
  const newest = customer(90, "Müller Bau");
  const revision = revisePages(inserted([newest]));
  if (!revision) throw new Error("an insert with its row is a revision");
  /** The kept range of exactly this page, as it is after the insert. */
  const revised = (kept: KeptList, list: ListQuery, change: Revision<KeptList, ListRange> | null = revision) =>
    change?.apply(kept, exactly(list));
  /** The page's answer after the insert (undefined: forgotten). */
  const after = (kept: KeptList, list: ListQuery, change: Revision<KeptList, ListRange> | null = revision) =>
    answer(revised(kept, list, change), list);
  const idsOf = (page: CustomerPage | undefined) => page?.customers.map((row) => row.id);

  test("goes first on the first page; the last one moves on; counted once", () => {
    const page = read([customer(80), customer(70), customer(60), customer(50)], exactly(query()), 0);
    expect(after(page, query())).toEqual({
      customers: [newest, customer(80), customer(70)],
      total: 5,
      pages: 2,
      total_exact: true,
    });
    // The JSON sent before is made again.
    page.json.set(1, "[]");
    expect(revised(page, query())?.json.size).toBe(0);
  });

  test("is not added twice to a page whose read already saw it", () => {
    const page = read([newest, customer(80), customer(70)], exactly(query()), 0, {
      snapshot: parseSnapshot("501:501:"),
    });
    expect(revised(page, query())).toBe(page);
  });

  test("takes its place by id, not first, when it is older than the page's newest; past a full page only counted", () => {
    expect(idsOf(after(read([customer(95), customer(85), customer(60)], exactly(query()), 0), query()))).toEqual([
      95, 90, 85,
    ]);
    const full = [customer(99), customer(98), customer(97)];
    expect(after(read(full, exactly(query()), 0), query())).toMatchObject({ customers: full, total: 4, pages: 2 });
  });

  test("only where it belongs: its status, and a search its name contains as the database lower-cases it", () => {
    const search = (term: string) => query({ search: term });
    expect(after(read([customer(80)], exactly(search("Müller")), 0, { term: "müller" }), search("Müller"))?.total).toBe(
      2,
    );
    expect(after(read([], exactly(search("schmidt")), 0, { term: "schmidt" }), search("schmidt"))?.total).toBe(0);
    const status = (value: Customer["status"]) => query({ status: value });
    expect(after(read([], exactly(status("abweisung")), 0), status("abweisung"))?.total).toBe(0);
    expect(after(read([], exactly(status("vertrag")), 0), status("vertrag"))?.customers).toEqual([newest]);
  });

  test("on a later page the rows move one down: the last row before the page comes first", () => {
    const list = ids(80, 10);
    const second = query({ page: 2 });
    expect(after(read(list, exactly(second), 200), second)).toEqual({
      customers: [customer(60), customer(50), customer(40)],
      total: 9,
      pages: 3,
      total_exact: true,
    });
    // The last page takes the row that fell off the one before it.
    const third = query({ page: 3 });
    expect(after(read(list, exactly(third), 200), third)?.customers).toEqual([
      customer(30),
      customer(20),
      customer(10),
    ]);
  });

  test("a customer ranking between the page before and this one comes first itself; behind the first row, at its place", () => {
    const second = query({ page: 2 });
    const kept = read(ids(80, 30), exactly(second), 200);
    expect(idsOf(after(kept, second, revisePages(inserted([customer(55)]))))).toEqual([55, 50, 40]);
    expect(idsOf(after(kept, second, revisePages(inserted([customer(45)]))))).toEqual([50, 45, 40]);
  });

  test("a window that begins below the list's start takes as many customers above it as it has rows before the page", () => {
    const third = query({ page: 3 });
    let kept: KeptList | undefined = read(ids(200, 10), exactly(third), 2);
    expect(kept.window.offset).toBe(4);
    const seen: (number[] | undefined)[] = [];
    for (const [index, row] of [customer(300), customer(310), customer(320)].entries()) {
      kept = kept && revised(kept, third, revisePages(inserted([row], String(500 + index))));
      if (kept) seen.push(idsOf(pageOf(kept, third)));
    }
    // Page 3 is rows 6-8: 140, 130, 120; each newer customer pushes them one down.
    expect(seen).toEqual([
      [150, 140, 130],
      [160, 150, 140],
    ]);
    // The third would need the row above the window: forgotten.
    expect(kept).toBeUndefined();
  });

  test("a page past the list's end stays empty while the list stays short of it, and is forgotten when it reaches it", () => {
    // Three customers; page 3 (rows 6-8) with one row before it: nothing in its window.
    const third = query({ page: 3 });
    let kept: KeptList | undefined = read(ids(80, 60), exactly(third), 1);
    expect(kept.window).toEqual({ offset: 5, rows: [] });
    const totals: number[] = [];
    for (const id of [90, 100, 110, 120]) {
      kept = kept && revised(kept, third, revisePages(inserted([customer(id)], String(500 + id))));
      if (kept) totals.push(kept.count.total);
      expect(answer(kept, third)?.customers ?? []).toEqual([]);
    }
    // Six customers fill pages 1 and 2; the seventh would open page 3, whose row the window lacks.
    expect(totals).toEqual([4, 5, 6]);
    expect(kept).toBeUndefined();
  });

  test("the first three pages are kept as one range and each takes the insert; a later page alone", () => {
    expect(rangeOf(query({ page: 2 }))).toEqual({ search: null, status: null, limit: 3, start: 0, end: 9 });
    expect(rangeKey(rangeOf(query({ page: 1 })))).toBe(rangeKey(rangeOf(query({ page: 3 }))));
    expect(rangeOf(query({ page: 4 }))).toEqual({ search: null, status: null, limit: 3, start: 9, end: 12 });
    expect(rangeKey(rangeOf(query({ page: 3, limit: 4 })))).not.toBe(rangeKey(rangeOf(query({ page: 3 }))));
    const list = ids(200, 10);
    const range = rangeOf(query());
    const kept = revision.apply(read(list, range, 200), range);
    const pages = [1, 2, 3].map((page) => idsOf(answer(kept, query({ page }))));
    expect(pages).toEqual([
      [200, 190, 180],
      [170, 160, 150],
      [140, 130, 120],
    ]);
    const with90 = revisePages(inserted([customer(205)]))?.apply(read(list, range, 200), range);
    expect([1, 2, 3].map((page) => idsOf(answer(with90, query({ page }))))).toEqual([
      [205, 200, 190],
      [180, 170, 160],
      [150, 140, 130],
    ]);
  });

  test("a load under way is never spoiled by an insert: it takes it when it lands", () => {
    expect(revision.spoils(exactly(query({ page: 2 })))).toBe(false);
    expect(revision.spoils(rangeOf(query()))).toBe(false);
  });

  test("a search's count passes the cap as a fresh read would say it; past the cap it stays", () => {
    const cap = customerPaging.searchCountCap;
    const search = query({ search: "müller", limit: 20 });
    const atCap = read([customer(80)], exactly(search), 0, { term: "müller" });
    atCap.count = { ...atCap.count, total: cap };
    expect(after(atCap, search)).toMatchObject({ total: cap, total_exact: false, pages: Math.ceil((cap + 1) / 20) });
    const capped = read([customer(80)], exactly(search), 0, { term: "müller" });
    capped.count = { total: cap, total_exact: false, pages: 501 };
    expect(after(capped, search)).toEqual({
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
  // statement may insert several rows: the kept range must end as a read after all of them.
  test("400 random lists, ranges, windows and orders of inserts", () => {
    const next = seededRandom(27);
    const pick = (below: number) => Math.floor(next() * below);
    let checked = 0;
    for (let round = 0; round < 400; round++) {
      const limit = 1 + pick(4);
      const listQuery = query({ page: 1 + pick(5), limit });
      const range = next() < 0.5 ? rangeOf(listQuery) : exactly(listQuery);
      // Ids with gaps, newest first; the new ones mostly newest, some between (a slow transaction).
      const base = Array.from({ length: pick(20) }, (_, index) => customer(1000 - index * 10 - pick(5)));
      const news = Array.from({ length: 1 + pick(6) }, (_, index) =>
        customer(next() < 0.8 ? 2000 + index : 1000 - pick(200) * 5 + 1),
      ).filter(
        (row, index, all) =>
          all.findIndex((other) => other.id === row.id) === index && !base.some((old) => old.id === row.id),
      );
      let kept: KeptList | undefined = read(base, range, pick(2 * limit + 1));
      // Heard in a random order; some in one statement.
      const order = news.toSorted(() => next() - 0.5);
      for (let index = 0; index < order.length; ) {
        const together = order.slice(index, index + 1 + pick(2));
        index += together.length;
        kept = kept && revisePages(inserted(together, String(500 + index)))?.apply(kept, range);
      }
      if (kept === undefined) continue;
      const fresh = read(newestFirst([...base, ...news]), range, 0);
      expect(pageOf(kept, listQuery)).toEqual(pageOf(fresh, listQuery));
      checked++;
    }
    // Most ranges must have been kept, or the test proves little.
    expect(checked).toBeGreaterThan(250);
  });
});

function newestFirst(rows: Customer[]): Customer[] {
  return rows.toSorted((a, b) => b.id - a.id);
}
