import type { User } from "@klarwerk/kit";
import type { Sql } from "../../db/open.ts";

// Every statement of auth on the users table.

/** A user with the hash their password is checked against; only login needs it. */
export interface UserWithPasswordHash extends User {
  passwordHash: string;
}

/** Whether an account uses this address (`email` normalized: trimmed, lower-case). */
export async function isEmailTaken(sql: Sql, email: string): Promise<boolean> {
  const [taken] = await sql`select 1 from users where lower(email) = ${email}`;
  return taken !== undefined;
}

/**
 * Creates the account; null when the address is taken. The unique index on `lower(email)`
 * decides when two registrations race, so the loser is told "taken", not a 500.
 */
export async function insertUser(
  sql: Sql,
  user: { name: string; email: string; passwordHash: string },
): Promise<User | null> {
  const [created] = await sql<User[]>`
    insert into users (name, email, password_hash)
    values (${user.name}, ${user.email}, ${user.passwordHash})
    on conflict ((lower(email))) do nothing
    returning id, name, email`;
  return created ? { id: created.id, name: created.name, email: created.email } : null;
}

/** The account with this address (`email` normalized), with its password hash. */
export async function findUserForLogin(sql: Sql, email: string): Promise<UserWithPasswordHash | null> {
  const [row] = await sql<(User & { password_hash: string })[]>`
    select id, name, email, password_hash from users where lower(email) = ${email}`;
  return row ? { id: row.id, name: row.name, email: row.email, passwordHash: row.password_hash } : null;
}

/** The account with this id; null once it no longer exists. */
export async function findUserById(sql: Sql, id: number): Promise<User | null> {
  const [user] = await sql<User[]>`select id, name, email from users where id = ${id}`;
  return user ? { id: user.id, name: user.name, email: user.email } : null;
}
