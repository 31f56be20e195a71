// Throwaway probe (not committed): creates/s straight against the database, with variants.
import { createTestDatabase } from "../api/test/support/database.ts";
import { createCustomer } from "../api/src/modules/customers/store.ts";
import { systemActor } from "../api/src/modules/audit/actor.ts";

const db = await createTestDatabase();
const sql = db.sql;
const editor = { id: null as unknown as number, name: "Probe" };
async function run(label: string, lanes: number, ms = 3000) {
  let n = 0; const lat: number[] = [];
  const end = performance.now() + ms;
  await Promise.all(Array.from({ length: lanes }, async (_, lane) => {
    while (performance.now() < end) {
      const t = performance.now();
      await createCustomer(sql, { name: `Bäckerei Probe ${lane}-${n}`, email: null, phone: null, website: null, notes: null, status: "in_kontakt", address: null, leitweg_id: null } as never, editor as never, systemActor);
      lat.push(performance.now() - t); n++;
    }
  }));
  lat.sort((a, b) => a - b);
  console.log(`${label.padEnd(40)} lanes ${lanes}: ${(n / (ms / 1000)).toFixed(0)}/s p50 ${lat[Math.floor(lat.length / 2)]?.toFixed(2)} ms p99 ${lat[Math.floor(lat.length * 0.99)]?.toFixed(2)} ms`);
}
const variants: [string, string, string][] = [
  ["as built", "", ""],
  ["without the counts trigger", "alter table customers disable trigger customer_counts_insert", "alter table customers enable trigger customer_counts_insert"],
  ["without the audit link", "alter table audit_pending disable trigger audit_pending_link", "alter table audit_pending enable trigger audit_pending_link"],
  ["without the notify trigger", "alter table customers disable trigger customers_changed_insert", "alter table customers enable trigger customers_changed_insert"],
];
const triggers = await sql`select tgname from pg_trigger where tgrelid in ('customers'::regclass, 'audit_pending'::regclass) and not tgisinternal`;
console.log("triggers:", triggers.map((t) => t.tgname).join(", "));
for (const lanes of [1, 8]) {
  for (const [label, off, on] of variants) {
    if (off) { try { await sql.unsafe(off); } catch (e) { console.log(label, String(e)); continue; } }
    await run(label, lanes);
    if (on) await sql.unsafe(on);
  }
}
await db.drop();
process.exit(0);
