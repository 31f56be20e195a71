// `bun run retention --dry-run` names in German what a run now would delete and changes nothing;
// `bun run retention` then deletes exactly that, each request in the erasure ledger and its copy in
// DATA_DIR. On both databases.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openDatabase } from "../../src/db/open.ts";
import { readLedgerFile } from "../../src/modules/privacy/index.ts";
import { databaseKinds, emptySite, runScript, type Site } from "../backup/support.ts";
import { uniqueEmail } from "../support/users.ts";

describe.each(databaseKinds)("bun run retention on %s", (database) => {
  let site: Site;
  const ids: { due: number; young: number; open: number } = { due: 0, young: 0, open: 0 };

  async function remaining(): Promise<number[]> {
    const db = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
    try {
      const rows = await db.sql<{ id: number }[]>`select id from contact_requests order by id`;
      return rows.map((row) => row.id);
    } finally {
      await db.close();
    }
  }

  beforeAll(async () => {
    site = await emptySite(database, "disk");
    // The first run migrates the new database; there is nothing to delete yet.
    const first = await runScript("retention", ["--dry-run"], site.env);
    expect(first.code, first.output).toBe(0);
    const db = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
    try {
      const insert = async (doneDaysAgo: number | null) => {
        const [row] = await db.sql<{ id: number }[]>`
          insert into contact_requests (name, email, message, is_done, done_at, created_at)
          values ('Alt', ${uniqueEmail("frist")}, 'Hallo', ${doneDaysAgo !== null},
                  ${doneDaysAgo === null ? null : new Date(Date.now() - doneDaysAgo * 86_400_000)},
                  now() - interval '400 days')
          returning id`;
        return row?.id ?? 0;
      };
      ids.due = await insert(31);
      ids.young = await insert(29);
      ids.open = await insert(null);
    } finally {
      await db.close();
    }
  }, 120_000);

  afterAll(() => site?.drop());

  test("--dry-run names the due request and deletes nothing; the run deletes exactly it", async () => {
    const dry = await runScript("retention", ["--dry-run"], site.env);
    expect(dry.code, dry.output).toBe(0);
    expect(dry.output).toContain(
      "Probelauf, nichts gelöscht. Ein Lauf jetzt löschte, erledigt vor 30 Tagen oder früher",
    );
    expect(dry.output).toContain(`Kontaktanfragen: 1 (#${ids.due})`);
    expect(dry.output).toContain("E-Mails: 0");
    expect(await remaining()).toEqual([ids.due, ids.young, ids.open]);

    const run = await runScript("retention", [], site.env);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain("jede Anfrage im Löschprotokoll vermerkt");
    expect(run.output).toContain(`Kontaktanfragen: 1 (#${ids.due})`);
    expect(await remaining()).toEqual([ids.young, ids.open]);
    const ledger = await readLedgerFile(site.dataDir);
    expect(ledger.map((entry) => entry.rows.find((rows) => rows.table === "contact_requests")?.ids)).toEqual([
      [ids.due],
    ]);

    const after = await runScript("retention", ["--dry-run"], site.env);
    expect(after.output).toContain("Kontaktanfragen: 0");
  }, 120_000);
});
