// How a kept first page takes in a new customer (customers/list-cache.ts `revisePages`): each
// answer must equal what a fresh read would say, or the page must be forgotten (undefined).
import { describe, expect, test } from "bun:test";
import type { Customer } from "@klarwerk/kit";
import { groupsShowing, pageGroup, pagesShowing, revisePages } from "../../src/modules/customers/list-cache.ts";
import { type ReadPage, searchCountCap } from "../../src/modules/customers/store.ts";
import type { ListQuery } from "../../src/modules/customers/validation.ts";
import { shownCustomer } from "../support/customers-seed.ts";

function customer(id: number, name = `Müller ${id}`, status: Customer["status"] = "vertrag"): Customer {
  return shownCustomer(id, name, status);
}

const inserted = (...rows: Customer[]) => ({
  op: "insert",
  rows: rows.map((row) => [row.name.toLowerCase(), row.status, row]),
});

function query(fields: Partial<ListQuery> = {}): ListQuery {
  return { page: 1, limit: 3, search: null, status: null, after: null, ...fields };
}

/** A kept page as the cache holds it. */
type KeptPage = { read: ReadPage; json: string | null };

function kept(ids: number[], total: number, fields: Partial<ReadPage> = {}): KeptPage {
  const read: ReadPage = {
    customers: ids.map((id) => customer(id)),
    total,
    pages: Math.max(1, Math.ceil(total / 3)),
    total_exact: true,
    term: null,
    ...fields,
  };
  return { read, json: "sent before" };
}

const apply = (detail: Readonly<Record<string, unknown>>, page: KeptPage, list: ListQuery) => {
  const revise = revisePages(detail);
  if (!revise) throw new Error("an insert with shown rows is a revision");
  return revise(page, list);
};

describe("a kept first page takes in a new customer", () => {
  test("on top, the last row leaving a full page, counted once; its JSON made again", () => {
    const after = apply(inserted(customer(10)), kept([9, 8, 7], 5), query());
    expect(after?.read.customers.map((row) => row.id)).toEqual([10, 9, 8]);
    expect([after?.read.total, after?.read.pages, after?.json]).toEqual([6, 2, null]);
  });

  test("heard twice (its writer, then its NOTIFY), the second changes nothing", () => {
    const once = apply(inserted(customer(10)), kept([9, 8, 7], 5), query());
    if (!once) throw new Error("taken in");
    expect(apply(inserted(customer(10)), once, query())).toBe(once);
  });

  test("a full page it ranks below is forgotten (whether its count holds it cannot be told); a short one takes it at its place", () => {
    expect(apply(inserted(customer(6)), kept([9, 8, 7], 5), query())).toBeUndefined();
    const short = apply(inserted(customer(8)), kept([9, 7], 2), query());
    expect(short?.read.customers.map((row) => row.id)).toEqual([9, 8, 7]);
    expect(short?.read.total).toBe(3);
  });

  test("a later page is forgotten", () => {
    expect(apply(inserted(customer(10)), kept([6, 5, 4], 9), query({ page: 2 }))).toBeUndefined();
  });

  test("only where it belongs: its status, a search its name contains as the database lower-cases it", () => {
    const page = kept([9, 8, 7], 5, { term: "müller" });
    expect(apply(inserted(customer(10, "Schmidt KG")), page, query({ search: "Müller" }))).toBe(page);
    expect(apply(inserted(customer(10, "Müller", "abweisung")), page, query({ status: "vertrag" }))).toBe(page);
    expect(apply(inserted(customer(10, "BÄCKEREI MÜLLER")), page, query({ search: "Müller" }))?.read.total).toBe(6);
  });

  test("a search's count crosses its cap at cap + 1 and then says „mehr als“; past the cap it stays", () => {
    const list = query({ search: "müller" });
    const cap = searchCountCap(list);
    const atCap = kept([9, 8, 7], cap, { term: "müller" });
    const over = apply(inserted(customer(10)), atCap, list);
    expect([over?.read.total, over?.read.total_exact, over?.read.pages]).toEqual([
      cap,
      false,
      Math.ceil((cap + 1) / 3),
    ]);
    const below = apply(inserted(customer(10)), kept([9, 8, 7], cap - 1, { term: "müller" }), list);
    expect([below?.read.total, below?.read.total_exact]).toEqual([cap, true]);
    const stopped = kept([9, 8, 7], cap, { term: "müller", total_exact: false, pages: 99 });
    const still = apply(inserted(customer(10)), stopped, list);
    expect([still?.read.total, still?.read.total_exact, still?.read.pages]).toEqual([cap, false, 99]);
  });

  test("updates, deletes and inserts without their rows as shown are not revisions (their pages are forgotten)", () => {
    expect(revisePages({ op: "update", rows: [["müller", "vertrag"]] })).toBeNull();
    expect(revisePages({ op: "insert", rows: [["müller", "vertrag"]] })).toBeNull();
    expect(revisePages({ op: "insert" })).toBeNull();
  });
});

describe("the groups a save names are the groups whose pages can show it", () => {
  const names = ["Bäckerei Müller GmbH", "MÜLLER & SÖHNE", "café ß 12", "Praxis Dr. Weiß, Köln", "x"];
  const searches = [null, "", "mü", "MÜ", "müller", "ller g", "ß", "SS", "weiß, k", "c", "gmbh", "xyz", "é ß 1", "x"];
  const statuses = [null, "vertrag", "angerufen"] as const;
  const pagesKept = searches.flatMap((search) => statuses.map((status) => ({ search, status })));

  test("for an insert and an update, under every status, exactly where `pagesShowing` says", () => {
    for (const name of names) {
      for (const detail of [
        { op: "insert", rows: [[name.toLowerCase(), "vertrag", customer(1, name)]] },
        [
          [name, "angerufen"],
          [name.toUpperCase(), "vertrag"],
        ],
      ]) {
        const named = groupsShowing(detail, Number.MAX_SAFE_INTEGER);
        if (named === null) throw new Error("rows as the trigger names them are named");
        const namedSet = new Set(named);
        const asked = pagesShowing(detail);
        for (const page of pagesKept)
          expect([name, page, namedSet.has(pageGroup(page))]).toEqual([name, page, asked(page)]);
      }
    }
  });

  test("a row of another shape, or more substrings than groups kept, asks every group instead", () => {
    expect(groupsShowing([[1, "vertrag"]], 1000)).toBeNull();
    expect(groupsShowing({ op: "insert" }, 1000)).toBeNull();
    // "abc": 6 substrings and none, under its status and none: 14 groups.
    expect(groupsShowing([["abc", "vertrag"]], 13)).toBeNull();
    expect([...(groupsShowing([["abc", "vertrag"]], 14) ?? [])]).toHaveLength(14);
  });
});
