import type { Sql } from "../../api/src/db/open.ts";
import { createTestDatabase, type TestDatabase } from "../../api/test/support/database.ts";

/**
 * A fresh, migrated database made as the API tests make theirs (a new database on DATABASE_URL's
 * server, else the embedded PGlite in memory), filled by `seed`; dropped again if seeding fails.
 * Prints how long seeding took, as `[bench] seeded <what> in 4.2 s`.
 */
export async function seededDatabase<Seeded>(
  what: string,
  seed: (sql: Sql) => Promise<Seeded>,
): Promise<{ db: TestDatabase; seeded: Seeded }> {
  const db = await createTestDatabase();
  try {
    const started = performance.now();
    const seeded = await seed(db.sql);
    console.error(`[bench] seeded ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { db, seeded };
  } catch (error) {
    await db.drop();
    throw error;
  }
}
