import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { GroupCommit, groupCommitStats, rolledBack } from "../../src/db/group-commit.ts";
import { createTestDatabase } from "../support/database.ts";

// The group commit with a real table: the values are written in one statement per batch, and the
// database refuses a negative one (a check), as it would refuse a customer of a deleted account.
const db = await createTestDatabase();
afterAll(() => db.drop());
beforeAll(async () => {
  await db.sql`create table written (value int not null check (value >= 0))`;
});

/** Each value as it was stored, with the transaction that stored it. */
interface Stored {
  value: number;
  tx: string;
}

/** A group commit into `written` that records its batches and can be held before the next one runs. */
function groupCommit(name: string, maxBatch = 20) {
  const batches: number[][] = [];
  let gate: Promise<void> | null = null;
  const commit = new GroupCommit<number, Stored>({
    name,
    maxBatch,
    async write(values) {
      batches.push(values);
      await gate;
      const rows = await db.sql<Stored[]>`
        insert into written (value) select * from unnest(${values}::int[]) returning value, xmin::text as tx`;
      return values.map((value) => rows.find((row) => row.value === value) ?? { value, tx: "" });
    },
  });
  /** The next batches wait until the returned function is called. */
  const hold = () => {
    const { promise, resolve } = Promise.withResolvers<void>();
    gate = promise;
    return () => {
      gate = null;
      resolve();
    };
  };
  return { commit, batches, hold };
}

const outcome = (promise: Promise<Stored>) =>
  promise.then(
    (stored) => stored,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );

describe("group commit", () => {
  test("a value submitted while nothing is written goes at once, alone, without a timer", async () => {
    const { commit, batches } = groupCommit("alone");
    const stored = commit.submit(1);
    expect(batches).toEqual([[1]]);
    expect((await stored).value).toBe(1);
  });

  test("values submitted while a batch is written go together next, in one transaction, each getting its own result", async () => {
    const { commit, batches, hold } = groupCommit("together");
    const release = hold();
    const first = commit.submit(100);
    const waiting = [101, 102, 103, 104].map((value) => commit.submit(value));
    expect(batches).toEqual([[100]]);
    expect(groupCommitStats().together?.waiting).toBe(4);
    release();
    const stored = await Promise.all(waiting);
    expect(batches).toEqual([[100], [101, 102, 103, 104]]);
    expect(stored.map((row) => row.value)).toEqual([101, 102, 103, 104]);
    expect(new Set(stored.map((row) => row.tx)).size).toBe(1);
    expect(stored[0]?.tx).not.toBe((await first).tx);
    expect(groupCommitStats().together).toEqual({ batches: 2, items: 5, refused: 0, waiting: 0 });
  });

  test("at most maxBatch go together; the rest wait for the next batch", async () => {
    const { commit, batches, hold } = groupCommit("at most", 20);
    const release = hold();
    const all = [commit.submit(0), ...Array.from({ length: 45 }, (_, index) => commit.submit(index + 1))];
    release();
    await Promise.all(all);
    expect(batches.map((batch) => batch.length)).toEqual([1, 20, 20, 5]);
    expect(batches.flat()).toEqual(Array.from({ length: 46 }, (_, index) => index));
  });

  test("a batch the database refuses is written again one by one: only the refused value's caller fails", async () => {
    const { commit, batches, hold } = groupCommit("refused");
    const release = hold();
    const first = commit.submit(200);
    const rest = [201, -1, 202].map((value) => outcome(commit.submit(value)));
    release();
    await first;
    const answers = await Promise.all(rest);
    expect(answers.map((answer) => (typeof answer === "string" ? answer : answer.value))).toEqual([
      201,
      expect.stringContaining("check constraint"),
      202,
    ]);
    expect(batches).toEqual([[200], [201, -1, 202], [201], [-1], [202]]);
    const kept = await db.sql<{ value: number }[]>`
      select value from written where value between 200 and 202 order by value`;
    expect(kept.map((row) => row.value)).toEqual([200, 201, 202]);
    expect(groupCommitStats().refused).toEqual({ batches: 5, items: 4, refused: 1, waiting: 0 });
  });

  test("any other failure (a lost connection: the batch may have committed) fails every caller of the batch, never written again", async () => {
    let calls = 0;
    const lost = Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" });
    const commit = new GroupCommit<number, number>({
      maxBatch: 20,
      async write(values) {
        calls++;
        if (values.length > 1) throw lost;
        await Bun.sleep(20);
        return values;
      },
    });
    const first = commit.submit(1);
    const batch = [2, 3].map((value) => commit.submit(value).catch((error: unknown) => error));
    expect(await first).toBe(1);
    expect(await Promise.all(batch)).toEqual([lost, lost]);
    expect(calls).toBe(2);
    // The next submit is written as usual.
    expect(await commit.submit(4)).toBe(4);
  });

  test.skipIf(db.url === null)(
    "a terminated backend (possibly after its commit) is not a refusal; a statement's ERROR is",
    async () => {
      const doomed = postgres(db.url ?? "", { max: 1, onnotice: () => {} });
      const fatal = await doomed`select pg_terminate_backend(pg_backend_pid())`.catch((error: unknown) => error);
      await doomed.end({ timeout: 1 });
      const refused = await db.sql`select 1 / 0`.catch((error: unknown) => error);
      expect([rolledBack(fatal), rolledBack(refused), rolledBack(new Error("timeout"))]).toEqual([false, true, false]);
    },
  );
});
