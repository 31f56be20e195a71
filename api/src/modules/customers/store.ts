import type { Customer, CustomerInput, CustomerPage } from "@klarwerk/kit";
import type { Sql } from "../../db/open.ts";
import type { ListQuery } from "./validation.ts";

/**
 * `%`, `_` and `\` typed into the search box are matched as themselves, not as wildcards: each is
 * preceded by a backslash, LIKE's default escape character (no ESCAPE clause, which would wrap the
 * pattern in a function call evaluated for every candidate row of a generic plan).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

interface PageRow {
  total: number;
  customers: Customer[];
}

/**
 * One page, newest first (id descending: unique, so the order is stable across pages), and the
 * number of matches, in ONE statement: one round trip, and both from the same snapshot.
 *
 * With a search the matching ids are collected once (the trigram index, then a recheck of each
 * candidate row, is the expensive part) and both the count and the page are taken from them.
 * Without one, the count and the page each read an index (primary key or status).
 */
export async function listCustomers(sql: Sql, { page, limit, search, status }: ListQuery): Promise<CustomerPage> {
  const offset = (page - 1) * limit;
  const byStatus = status === null ? sql`` : sql`and status = ${status}`;
  const [row] =
    search === null
      ? await sql<PageRow[]>`
          select
            (select count(*) from customers where true ${byStatus}) as total,
            coalesce(
              (select json_agg(page order by page.id desc) from (
                select id, name, email, phone, website, notes, status, address, leitweg_id
                from customers where true ${byStatus}
                order by id desc limit ${limit} offset ${offset}
              ) page),
              '[]'
            ) as customers`
      : await sql<PageRow[]>`
          with matches as materialized (
            select id from customers
            where name_lower like lower(${containsPattern(search)}) ${byStatus}
          )
          select
            (select count(*) from matches) as total,
            coalesce(
              (select json_agg(page order by page.id desc) from (
                select id, name, email, phone, website, notes, status, address, leitweg_id
                from customers
                where id in (select id from matches order by id desc limit ${limit} offset ${offset})
              ) page),
              '[]'
            ) as customers`;
  if (!row) throw new Error("the customer list query returned no row");
  return { customers: row.customers, pages: Math.max(1, Math.ceil(row.total / limit)), total: row.total };
}

/** Who saves: kept by id and, so a deleted account's work stays attributed, by name. */
export interface Editor {
  id: number;
  name: string;
}

export async function createCustomer(sql: Sql, customer: CustomerInput, editor: Editor): Promise<Customer> {
  const [created] = await sql<Customer[]>`
    insert into customers (
      name, email, phone, website, notes, status, address, leitweg_id,
      created_by, created_by_name, updated_by, updated_by_name
    )
    values (
      ${customer.name}, ${customer.email}, ${customer.phone}, ${customer.website}, ${customer.notes},
      ${customer.status}, ${customer.address}, ${customer.leitweg_id}, ${editor.id}, ${editor.name}, ${editor.id}, ${editor.name}
    )
    returning id, name, email, phone, website, notes, status, address, leitweg_id`;
  if (!created) throw new Error("insert into customers returned no row");
  return created;
}

/** The updated customer, or null when there is none with this id. */
export async function updateCustomer(
  sql: Sql,
  id: number,
  customer: CustomerInput,
  editor: Editor,
): Promise<Customer | null> {
  const [updated] = await sql<Customer[]>`
    update customers set
      name = ${customer.name}, email = ${customer.email}, phone = ${customer.phone},
      website = ${customer.website}, notes = ${customer.notes}, status = ${customer.status},
      address = ${customer.address}, leitweg_id = ${customer.leitweg_id},
      updated_at = now(), updated_by = ${editor.id}, updated_by_name = ${editor.name}
    where id = ${id}
    returning id, name, email, phone, website, notes, status, address, leitweg_id`;
  return updated ?? null;
}
