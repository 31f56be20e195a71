import { describe, expect, test } from "bun:test";
import { parseSnapshot, visibleInSnapshot } from "../../src/db/snapshot.ts";
import { createTestDatabase } from "../support/database.ts";

describe("visibleInSnapshot", () => {
  test.each([
    ["99", "100:105:", true],
    ["100", "100:105:", true],
    ["102", "100:105:102,104", false],
    ["103", "100:105:102,104", true],
    ["105", "100:105:", false],
    ["4294967396", "4294967390:4294967400:", true],
  ])("transaction %s in snapshot %s: %s", (tx, snapshot, visible) => {
    expect(visibleInSnapshot(BigInt(tx), parseSnapshot(snapshot))).toBe(visible);
  });

  test("decides as the database's pg_visible_in_snapshot does", async () => {
    const db = await createTestDatabase();
    try {
      const [{ snapshot } = { snapshot: "" }] = await db.sql<{ snapshot: string }[]>`
        select pg_current_snapshot()::text as snapshot`;
      const [xmin, xmax] = snapshot.split(":").map(Number) as [number, number];
      const cases = await db.sql<{ tx: string; visible: boolean }[]>`
        select tx::text, pg_visible_in_snapshot(tx::text::xid8, ${snapshot}::pg_snapshot) as visible
        from generate_series(${Math.max(3, xmin - 3)}::bigint, ${xmax + 3}::bigint) as tx`;
      expect(cases.length).toBeGreaterThan(0);
      for (const { tx, visible } of cases) {
        expect([tx, visibleInSnapshot(BigInt(tx), parseSnapshot(snapshot))]).toEqual([tx, visible]);
      }
    } finally {
      await db.drop();
    }
  }, 30_000);
});
