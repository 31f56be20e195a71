// How a kept list page takes in a new customer (issue 27, customers/store.ts `revisePages`): the
// notification's row at its place, counted once, the cap and the pages as a fresh read says them.
import { describe, expect, test } from "bun:test";
import { type Customer, customerPaging } from "@klarwerk/kit";
import { type KeptPage, revisePages } from "../../src/modules/customers/store.ts";
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
const inserted = (row: Customer) => ({ tx: "500", op: "insert", rows: [[row.name.toLowerCase(), row.status, row]] });

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

  test("goes first on the first page; the last one moves on; counted once", () => {
    const page = kept([customer(80), customer(70), customer(60)], 7);
    const after = revision.apply(page, query());
    expect(after.page).toEqual({
      customers: [newest, customer(80), customer(70)],
      total: 8,
      pages: 3,
      total_exact: true,
    });
    expect(after.json).toBeNull();
  });

  test("is not added twice to a page whose read already saw it", () => {
    const page = kept([newest, customer(80), customer(70)], 8, { snapshot: "501:501:" });
    expect(revision.apply(page, query())).toBe(page);
  });

  test("takes its place by id, not first, when it is older than the page's newest", () => {
    const page = kept([customer(95), customer(85), customer(60)], 3);
    expect(revision.apply(page, query()).page.customers.map((row) => row.id)).toEqual([95, 90, 85]);
    const full = kept([customer(99), customer(98), customer(97)], 3);
    expect(revision.apply(full, query()).page).toMatchObject({ customers: full.page.customers, total: 4, pages: 2 });
  });

  test("only where it belongs: its status, and a search its name contains as the database lower-cases it", () => {
    const page = kept([customer(80)], 1, { term: "müller" });
    expect(revision.apply(page, query({ search: "Müller" })).page.total).toBe(2);
    expect(revision.apply(kept([], 0, { term: "schmidt" }), query({ search: "schmidt" })).page.total).toBe(0);
    expect(revision.apply(kept([], 0), query({ status: "abweisung" })).page.total).toBe(0);
    expect(revision.apply(kept([], 0), query({ status: "vertrag" })).page.customers).toEqual([newest]);
  });

  test("a later page it can be on is forgotten; one it cannot be on is kept as it is", () => {
    expect(revision.forgets(query({ page: 2 }))).toBe(true);
    expect(revision.forgets(query({ page: 2, search: "müller" }))).toBe(true);
    expect(revision.forgets(query({ page: 2, search: "schmidt" }))).toBe(false);
    expect(revision.forgets(query({ page: 2, status: "angerufen" }))).toBe(false);
    expect(revision.forgets(query())).toBe(false);
  });

  test("a search's count passes the cap as a fresh read would say it; past the cap it stays", () => {
    const cap = customerPaging.searchCountCap;
    const atCap = kept([customer(80)], cap, { term: "müller" });
    expect(revision.apply(atCap, query({ search: "müller", limit: 20 })).page).toMatchObject({
      total: cap,
      total_exact: false,
      pages: Math.ceil((cap + 1) / 20),
    });
    const capped = kept([customer(80)], cap, { term: "müller" });
    capped.page = { ...capped.page, total_exact: false, pages: 501 };
    expect(revision.apply(capped, query({ search: "müller", limit: 20 })).page).toMatchObject({
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
