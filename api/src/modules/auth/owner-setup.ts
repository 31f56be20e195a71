import { createHmac, timingSafeEqual } from "node:crypto";
import { ownerSetupParam } from "@klarwerk/kit";
import type { Sql } from "../../db/open.ts";

/**
 * The owner's set-up code (docs/decisions/0006-owner-proves-it-runs-the-server.md): with `OWNER_EMAIL` set, a registration with that address
 * becomes the owner (an active admin) only with this code, which the server prints to its log
 * while the database has no active admin. Whoever reads the server's log runs the server; the
 * owner's address, often printed in the Impressum, proves nothing. The code is an HMAC of the
 * address under `JWT_SECRET`: every API process of a deployment computes and prints the same one,
 * nothing is stored, and a new secret makes a new code. It opens nothing once an admin exists.
 */
export function ownerSetupCode(jwtSecret: string, ownerEmail: string): string {
  return createHmac("sha256", jwtSecret).update(`owner-setup\n${ownerEmail}`).digest("base64url");
}

/** Whether `typed` is the set-up code (compared in constant time). */
export function isOwnerSetupCode(typed: string, jwtSecret: string, ownerEmail: string): boolean {
  const expected = Buffer.from(ownerSetupCode(jwtSecret, ownerEmail));
  const given = Buffer.from(typed.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link the log shows: the registration page with the code filled in. */
export function ownerSetupLink(publicUrl: string, code: string): string {
  return `${publicUrl}/register?${ownerSetupParam}=${code}`;
}

export async function hasActiveAdmin(sql: Sql): Promise<boolean> {
  const [row] = await sql<{ exists: boolean }[]>`
    select exists (select 1 from users where role = 'admin' and status = 'active') as exists`;
  return row?.exists ?? false;
}

/** Prints the set-up link while no owner exists (at start, and when someone registers without it). */
export async function announceOwnerSetup(
  sql: Sql,
  { jwtSecret, ownerEmail, publicUrl }: { jwtSecret: string; ownerEmail: string | null; publicUrl: string },
): Promise<void> {
  if (ownerEmail === null || (await hasActiveAdmin(sql))) return;
  const link = ownerSetupLink(publicUrl, ownerSetupCode(jwtSecret, ownerEmail));
  console.log(
    `[api] No owner yet. Register as ${ownerEmail} through ${link} (the code in it makes that account the owner; it works until an admin exists).`,
  );
}
