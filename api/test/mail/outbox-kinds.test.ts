import { afterAll, beforeAll, expect, test } from "bun:test";
import { outboxMailKinds } from "@klarwerk/kit";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

// Two branches each redefined the outbox's kind constraint in their own migration, and the later
// one dropped the other's kind: the restore drill's failure mail could not be stored. Every kind
// the code writes must be one the table takes.
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

test("the outbox takes a mail of every kind the code writes", async () => {
  const refused: string[] = [];
  for (const kind of outboxMailKinds) {
    try {
      await db.sql`
        insert into outbox (kind, to_address, subject, text_body, html_body)
        values (${kind}, 'admin@example.com', 'Betreff', 'Text', '<p>Text</p>')`;
    } catch (error) {
      // Other rules (a reset mail names its account) are not this test's business.
      if (
        String(error).includes("outbox_kind_check") ||
        (error as { constraint_name?: string }).constraint_name === "outbox_kind_check"
      )
        refused.push(kind);
    }
  }
  expect(refused).toEqual([]);
});
