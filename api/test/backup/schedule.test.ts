// BACKUP_SCHEDULE: slots, one backup (and one drill) per slot however many processes look at
// once, and the retention that `bun run backup --prune --dry-run` shows.
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { blobKey, manifestKey, setNameOf } from "../../src/backup/manifest.ts";
import { latestSlot, parseBackupSchedule } from "../../src/backup/schedule.ts";
import { listSets, planPrune, setsToKeep } from "../../src/backup/sets.ts";
import { migrate } from "../../src/db/migrate.ts";
import { openDatabase } from "../../src/db/open.ts";
import { backupPlace, emptySite, runScript, type Site } from "./support.ts";

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of cleanup) await drop();
});

describe("BACKUP_SCHEDULE", () => {
  test("daily HH:MM, hourly MM, off; anything else is refused", () => {
    expect(parseBackupSchedule(undefined)).toEqual({ kind: "daily", hour: 2, minute: 30 });
    expect(parseBackupSchedule("daily 23:59")).toEqual({ kind: "daily", hour: 23, minute: 59 });
    expect(parseBackupSchedule("hourly 0")).toEqual({ kind: "hourly", minute: 0 });
    expect(parseBackupSchedule("off")).toEqual({ kind: "off" });
    for (const bad of ["daily 24:00", "daily 2:60", "hourly 60", "weekly", "daily"]) {
      expect(parseBackupSchedule(bad)).toContain("BACKUP_SCHEDULE");
    }
  });

  test("the latest slot at or before now, in local time", () => {
    const at = (text: string) => new Date(text).getTime();
    const daily = { kind: "daily", hour: 2, minute: 30 } as const;
    expect(latestSlot(daily, at("2026-03-02T02:30:00"))?.getTime()).toBe(at("2026-03-02T02:30:00"));
    expect(latestSlot(daily, at("2026-03-02T02:29:59"))?.getTime()).toBe(at("2026-03-01T02:30:00"));
    expect(latestSlot({ kind: "hourly", minute: 15 }, at("2026-03-02T10:14:00"))?.getTime()).toBe(
      at("2026-03-02T09:15:00"),
    );
    expect(latestSlot({ kind: "off" }, Date.now())).toBeNull();
  });
});

test.if(process.env.DATABASE_URL !== undefined)(
  "two processes reaching the same slot at once: one backup and one drill for it",
  async () => {
    const site: Site = await emptySite("postgres", "disk");
    const place = await backupPlace("disk");
    cleanup.push(site.drop, place.drop);
    const db = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
    try {
      await migrate(db.sql);
      // A deployment older than the slot (a fresh one does not catch up slots from before it).
      await db.sql`update schema_migrations set applied_at = now() - interval '2 hours'`;
      const minute = new Date(Date.now() - 60_000).getMinutes();
      const env = {
        ...process.env,
        ...site.env,
        ...place.env,
        BACKUP_SCHEDULE: `hourly ${minute}`,
      } as Record<string, string>;
      const look = () =>
        Bun.spawn(["bun", join(import.meta.dir, "scheduled-run.ts")], { env, stdout: "pipe", stderr: "pipe" });
      const children = [look(), look()];
      const outputs = await Promise.all(
        children.map(async (child) => {
          const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
          await child.exited;
          return out + err;
        }),
      );
      // One makes the set; the other finds it being made („busy“) or, on a loaded machine where it
      // starts only once the first has finished, already made („taken“): never a second one.
      const outcomes = outputs.map((output) => /outcome: (\w+)/.exec(output)?.[1]).sort();
      expect(outcomes, outputs.join("\n")).toContain("done");
      expect(
        outcomes.filter((outcome) => outcome !== "done"),
        outputs.join("\n"),
      ).toEqual([expect.stringMatching(/^(busy|taken)$/)]);
      const runs = await db.sql<{ kind: string; result: string; slot: Date }[]>`
        select kind, result, slot from backup_runs order by id`;
      expect(runs.map((run) => [run.kind, run.result])).toEqual([
        ["backup", "ok"],
        ["drill", "ok"],
      ]);
      expect(runs[0]?.slot.getMinutes()).toBe(minute);
      expect((await listSets(place.target)).length).toBe(1);
      // Looking again for the same slot does nothing.
      const again = look();
      expect(await new Response(again.stdout).text()).toContain("outcome: taken");
    } finally {
      await db.close();
    }
  },
  120_000,
);

describe("retention: 7 daily, 4 weekly, 12 monthly", () => {
  /** A complete set every day at 02:30 for `days` days up to 2026-06-30, each listing its own blob and a shared one. */
  async function daily(days: number) {
    const place = await backupPlace("disk");
    cleanup.push(place.drop);
    const names: string[] = [];
    for (let day = 0; day < days; day++) {
      const time = new Date(2026, 5, 30 - day, 2, 30);
      const name = setNameOf(time);
      names.push(name);
      const own = day.toString(16).padStart(64, "0");
      const shared = "f".repeat(64);
      await place.target.write(blobKey(own), "x");
      await place.target.write(blobKey(shared), "y");
      await place.target.write(
        manifestKey(name),
        JSON.stringify({
          format: 1,
          set: name,
          created_at: time.toISOString(),
          migration_level: "016",
          database: {},
          row_counts: {},
          blobs: [{ sha256: own }, { sha256: shared }],
        }),
      );
    }
    return { place, names };
  }

  test("keeps the newest of each of the last 7 days, 4 weeks and 12 months; prunes the rest and their blobs only", async () => {
    const { place, names } = await daily(400);
    const kept = setsToKeep(await listSets(place.target));
    // 7 days (Jun 24-30), the weeks' newest beyond them (Sundays Jun 21 and 14), the months' (May…Jul 2025).
    expect(kept.size).toBe(7 + 2 + 11);
    for (const name of names.slice(0, 7)) expect(kept.has(name)).toBe(true);
    const plan = await planPrune(place.target, new Date(2026, 5, 30, 12).getTime());
    expect(plan.sets.length).toBe(400 - kept.size);
    expect(plan.blobs.length).toBe(400 - kept.size);
    expect(plan.blobs).not.toContain(blobKey("f".repeat(64)));
  });

  test("bun run backup --prune --dry-run prints what would go and removes nothing", async () => {
    const { place } = await daily(10);
    const site = await emptySite("pglite", "disk");
    cleanup.push(site.drop);
    const before = (await listSets(place.target)).length;
    const dry = await runScript("backup", ["--prune", "--dry-run"], { ...site.env, ...place.env });
    // Jun 21-30: the days Jun 24-30 stay, Jun 21 as the newest of its week; Jun 22 and 23 go.
    expect(dry.output).toContain("Würde 2 Sicherung(en) und 2 Datei(en)");
    expect(dry.output).toContain(`  Sicherung  ${setNameOf(new Date(2026, 5, 22, 2, 30))}`);
    expect(dry.output).toContain(`  Sicherung  ${setNameOf(new Date(2026, 5, 23, 2, 30))}`);
    expect(dry.code).toBe(0);
    expect((await listSets(place.target)).length).toBe(before);
    const real = await runScript("backup", ["--prune"], { ...site.env, ...place.env });
    expect(real.output).toContain("Entferne 2 Sicherung(en) und 2 Datei(en)");
    expect((await listSets(place.target)).length).toBe(before - 2);
  }, 60_000);
});
