// The erasure ledger on its own: an entry that anonymises (rows kept, columns overwritten) survives
// the database's jsonb key order and is replayed on a copy that still has the person; a changed
// entry in the table is found by its checksum; two sources that disagree about one entry are
// refused, in German. On both databases (DATABASE_URL set: PostgreSQL).
import { afterAll, describe, expect, test } from "bun:test";
import { privacyMentionRemoved } from "@klarwerk/kit";
import {
  type LedgerEntry,
  LedgerError,
  mergeLedgers,
  readLedger,
  recordErasure,
  replayLedger,
} from "../../src/modules/privacy/index.ts";
import { createTestDatabase } from "../support/database.ts";

const db = await createTestDatabase();
afterAll(() => db.drop());

async function customer(email: string): Promise<number> {
  const [row] = await db.sql<{ id: number }[]>`
    insert into customers (name, email, phone, notes) values ('Zoë Äbersold', ${email}, '0301234', 'ruft abends an')
    returning id`;
  return row?.id ?? 0;
}

describe("the erasure ledger", () => {
  test("an anonymising entry reads back whole and, replayed, drops the person's data again", async () => {
    const id = await customer("zoe@example.com");
    const entry = await db.sql.begin(async (tx) => {
      await tx`update customers set name = 'Gelöscht', email = null, phone = null, notes = null where id = ${id}`;
      return recordErasure(tx, {
        reason: "request",
        address: " Zoe@Example.com ",
        caseId: 7,
        rows: [{ table: "customers", ids: [id], set: { notes: null, name: "Gelöscht", phone: null, email: null } }],
      });
    });
    const [read] = (await readLedger(db.sql)).filter((candidate) => candidate.id === entry.id);
    expect(read).toEqual(entry);

    // As on a restored older copy: the person is back in the row.
    await db.sql`update customers set name = 'Zoë Äbersold', email = 'zoe@example.com', phone = '0301234' where id = ${id}`;
    const { counts } = await replayLedger(db.sql, [entry]);
    expect(counts).toEqual({
      entries: 1,
      effective: 1,
      rows: 1,
      blobs: 0,
      restrictions: 0,
      restrictionsApplied: 0,
      mentions: 0,
    });
    const [row] = await db.sql`select name, email, phone, notes from customers where id = ${id}`;
    expect(row).toEqual({ name: "Gelöscht", email: null, phone: null, notes: null });
    // Replayed again, it finds nothing left to do.
    expect((await replayLedger(db.sql, [entry])).counts).toEqual({
      entries: 1,
      effective: 0,
      rows: 0,
      blobs: 0,
      restrictions: 0,
      restrictionsApplied: 0,
      mentions: 0,
    });
  });

  test("a removed mention is named without its text and removed again on a copy that still has it", async () => {
    const id = await customer("agentur@example.com");
    const notes = "Ansprechpartnerin: zoe@example.com, nicht o'zoe@example.com; HTML: o&#39;zoe@example.com";
    await db.sql`update customers set notes = ${notes} where id = ${id}`;
    const removed = notes.replace("zoe@example.com,", `${privacyMentionRemoved},`);
    const entry = await db.sql.begin(async (tx) => {
      await tx`update customers set notes = ${removed} where id = ${id}`;
      return recordErasure(tx, {
        reason: "request",
        address: "ZOE@example.com",
        rows: [],
        scrubbed: [{ table: "customers", id, columns: ["notes"] }],
      });
    });
    const [read] = (await readLedger(db.sql)).filter((candidate) => candidate.id === entry.id);
    expect(read).toEqual(entry);
    expect(JSON.stringify(read)).not.toContain("zoe@");
    // As on a restored older copy: the mention is back; the other person's addresses stay.
    await db.sql`update customers set notes = ${notes} where id = ${id}`;
    expect((await replayLedger(db.sql, [entry])).counts).toMatchObject({ effective: 1, mentions: 1 });
    const [row] = await db.sql<{ notes: string }[]>`select notes from customers where id = ${id}`;
    expect(row?.notes).toBe(removed);
    expect((await replayLedger(db.sql, [entry])).counts).toMatchObject({ effective: 0, mentions: 0 });
  });

  test("an entry changed in the table is refused by its checksum, naming it", async () => {
    const id = await customer("changed@example.com");
    const entry = await db.sql.begin(async (tx) => {
      await tx`delete from customers where id = ${id}`;
      return recordErasure(tx, {
        reason: "request",
        address: "changed@example.com",
        rows: [{ table: "customers", ids: [id] }],
      });
    });
    await db.sql`alter table erasure_ledger disable trigger erasure_ledger_append_only`;
    try {
      await db.sql`update erasure_ledger set erased_rows = ${JSON.stringify([{ table: "customers", ids: [id + 1] }])}::text::jsonb
        where id = ${entry.id}`;
      const error = await readLedger(db.sql).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(LedgerError);
      expect((error as Error).message).toContain(
        "Das Löschprotokoll ist beschädigt (Tabelle erasure_ledger der Datenbank)",
      );
      expect((error as Error).message).toContain(`Eintrag ${entry.id} stimmt nicht mit seiner Prüfsumme überein`);
    } finally {
      await db.sql`update erasure_ledger set erased_rows = ${JSON.stringify(entry.rows)}::text::jsonb where id = ${entry.id}`;
      await db.sql`alter table erasure_ledger enable trigger erasure_ledger_append_only`;
    }
    expect((await readLedger(db.sql)).map((read) => read.id)).toContain(entry.id);
  });

  test("two sources that give one entry differently are refused; the same entry twice is one", async () => {
    const [entry] = await readLedger(db.sql);
    if (!entry) throw new Error("no entry");
    const other: LedgerEntry = { ...entry, sha256: "0".repeat(64) };
    expect(
      mergeLedgers([
        { name: "A", entries: [entry] },
        { name: "B", entries: [entry] },
      ]),
    ).toEqual([entry]);
    expect(() =>
      mergeLedgers([
        { name: "A", entries: [entry] },
        { name: "B", entries: [other] },
      ]),
    ).toThrow(`Eintrag ${entry.id} lautet in A anders als in B`);
  });
});
