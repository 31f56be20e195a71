// How a kept list page takes in a new customer (issue 27, customers/store.ts `revisePages`): the
// notification's row at its place, counted once, the cap and the pages as a fresh read says them.
import { describe, expect, test } from "bun:test";
import { type Customer, customerPaging } from "@klarwerk/kit";
import { type KeptPage, pageKey, revisePages } from "../../src/modules/customers/store.ts";
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

/** A notification of one insert in transaction 500, as migration 021 sends it. */
const inserted = (row: Customer, extra: Record<string, unknown> = {}) => ({
  tx: "500",
  op: "insert",
  rows: [[row.name.toLowerCase(), row.status, row]],
  ...extra,
});

const nothingElseKept = () => undefined;

const query = (overrides: Partial<ListQuery> = {}): ListQuery => ({
  page: 1,
  limit: 3,
  search: null,
  status: null,
  ...overrides,
});

const kept = (customers: Customer[], total: number, overrides: Partial<KeptPage> = {}): KeptPage => ({
  page: { customers, total, pages: Math.max(1, Math.ceil(total / 3)), total_exact: true },
  // Transaction 500 was not yet committed when this page was read.
  snapshot: "490:501:500",
  term: null,
  json: "[]",
  weight: 2,
  ...overrides,
});

describe("a new customer on a kept page", () => {
  const newest = customer(90, "Müller Bau");
  const revision = revisePages(inserted(newest));
  if (!revision) throw new Error("an insert with its row is a revision");
  const apply = (page: KeptPage, list: ListQuery, others: Record<string, KeptPage> = {}) =>
    revision.apply(page, list, (key) => others[key]);

  test("goes first on the first page; the last one moves on; counted once", () => {
    const page = kept([customer(80), customer(70), customer(60)], 7);
    const after = apply(page, query());
    expect(after?.page).toEqual({
      customers: [newest, customer(80), customer(70)],
      total: 8,
      pages: 3,
      total_exact: true,
    });
    expect(after?.json).toBeNull();
  });

  test("is not added twice to a page whose read already saw it", () => {
    const page = kept([newest, customer(80), customer(70)], 8, { snapshot: "501:501:" });
    expect(apply(page, query())).toBe(page);
  });

  test("takes its place by id, not first, when it is older than the page's newest", () => {
    const page = kept([customer(95), customer(85), customer(60)], 3);
    expect(apply(page, query())?.page.customers.map((row) => row.id)).toEqual([95, 90, 85]);
    const full = kept([customer(99), customer(98), customer(97)], 3);
    expect(apply(full, query())?.page).toMatchObject({ customers: full.page.customers, total: 4, pages: 2 });
  });

  test("only where it belongs: its status, and a search its name contains as the database lower-cases it", () => {
    const page = kept([customer(80)], 1, { term: "müller" });
    expect(apply(page, query({ search: "Müller" }))?.page.total).toBe(2);
    expect(apply(kept([], 0, { term: "schmidt" }), query({ search: "schmidt" }))?.page.total).toBe(0);
    expect(apply(kept([], 0), query({ status: "abweisung" }))?.page.total).toBe(0);
    expect(apply(kept([], 0), query({ status: "vertrag" }))?.page.customers).toEqual([newest]);
  });

  test("on a later page the rows move one down: the previous page's last comes first", () => {
    const first = kept([customer(80), customer(70), customer(60)], 7);
    const second = kept([customer(50), customer(40), customer(30)], 7);
    const others = { [pageKey(query())]: first };
    expect(apply(second, query({ page: 2 }), others)?.page).toEqual({
      customers: [customer(60), customer(50), customer(40)],
      total: 8,
      pages: 3,
      total_exact: true,
    });
    // The last page takes the row that fell off the one before it.
    const third = kept([customer(10)], 7);
    expect(apply(third, query({ page: 3 }), { [pageKey(query({ page: 2 }))]: second })?.page.customers).toEqual([
      customer(30),
      customer(10),
    ]);
  });

  test("a customer ranking between the previous page and this one comes first itself; behind the first row, at its place", () => {
    const between = revisePages(inserted(customer(55)));
    const first = kept([customer(80), customer(70), customer(60)], 6);
    const second = kept([customer(50), customer(40), customer(30)], 6);
    const others: Record<string, KeptPage> = { [pageKey(query())]: first };
    expect(
      between?.apply(second, query({ page: 2 }), (key) => others[key])?.page.customers.map((row) => row.id),
    ).toEqual([55, 50, 40]);
    const older = revisePages(inserted(customer(45)));
    expect(older?.apply(second, query({ page: 2 }), nothingElseKept)?.page.customers.map((row) => row.id)).toEqual([
      50, 45, 40,
    ]);
  });

  test("a later page is forgotten when the previous page is not kept, saw the insert, or the order is not sure", () => {
    const second = kept([customer(50)], 4);
    expect(apply(second, query({ page: 2 }))).toBeUndefined();
    const sawIt = kept([newest, customer(80), customer(70)], 5, { snapshot: "501:501:" });
    expect(apply(second, query({ page: 2 }), { [pageKey(query())]: sawIt })).toBeUndefined();
    const first = kept([customer(80), customer(70), customer(60)], 4);
    const announced = revisePages(inserted(newest, { announced: true }));
    expect(announced?.apply(second, query({ page: 2 }), () => first)).toBeUndefined();
    expect(announced?.apply(first, query(), nothingElseKept)?.page.total).toBe(5);
  });

  test("a later page it cannot be on stays as it is; a load under way it can be on is not kept", () => {
    const second = kept([customer(50)], 4, { term: "schmidt" });
    expect(apply(second, query({ page: 2, search: "schmidt" }))).toBe(second);
    expect(apply(second, query({ page: 2, status: "angerufen" }))).toBe(second);
    expect(revision.spoils(query({ page: 2 }))).toBe(true);
    expect(revision.spoils(query({ page: 2, search: "müller" }))).toBe(true);
    expect(revision.spoils(query({ page: 2, search: "schmidt" }))).toBe(false);
    expect(revision.spoils(query())).toBe(false);
  });

  test("a search's count passes the cap as a fresh read would say it; past the cap it stays", () => {
    const cap = customerPaging.searchCountCap;
    const atCap = kept([customer(80)], cap, { term: "müller" });
    expect(apply(atCap, query({ search: "müller", limit: 20 }))?.page).toMatchObject({
      total: cap,
      total_exact: false,
      pages: Math.ceil((cap + 1) / 20),
    });
    const capped = kept([customer(80)], cap, { term: "müller" });
    capped.page = { ...capped.page, total_exact: false, pages: 501 };
    expect(apply(capped, query({ search: "müller", limit: 20 }))?.page).toMatchObject({
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
