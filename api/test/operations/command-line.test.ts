// Every operator command (`bun run <command>`) as an operator runs it: `--help`/`-h` prints its
// German usage, options and exit codes and exits 0 before touching anything; an unknown option
// is a short German error and the usage, exit 2.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runPackageScript } from "../support/commands.ts";

const commands = [
  "verify-blobs",
  "audit-verify",
  "backup",
  "restore",
  "restore-drill",
  "retention",
  "release",
] as const;

const dataDir = await mkdtemp(join(tmpdir(), "klarwerk-help-"));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** An environment in which a command that ran would create its database in `dataDir`. */
function environment(): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, BACKUP_SCHEDULE: "off" };
  delete env.DATABASE_URL;
  return env;
}

describe.each(commands)("bun run %s", (command) => {
  test("--help and -h: the German usage, its options and exit codes; exit 0, nothing touched", async () => {
    for (const flag of ["--help", "-h"]) {
      const run = await runPackageScript(command, [flag], environment());
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain(`Aufruf: bun run ${command}`);
      expect(run.output).toContain("Optionen:");
      expect(run.output).toContain("-h, --help");
      expect(run.output).toMatch(/Exit-Codes:\n {2}0 {2}\S/);
      expect(run.output).not.toMatch(/\bat .*\.ts:\d+/);
    }
    expect(await readdir(dataDir)).toEqual([]);
  });

  test("--help wins over other arguments, even wrong ones", async () => {
    const run = await runPackageScript(command, ["--gibt-es-nicht", "--help"], environment());
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(`Aufruf: bun run ${command}`);
  });

  test("an unknown option: a German error and the usage, exit 2", async () => {
    const run = await runPackageScript(command, ["--gibt-es-nicht"], environment());
    expect(run.code, run.output).toBe(2);
    expect(run.output).toContain("Fehler: Unbekannte Option: --gibt-es-nicht");
    expect(run.output).toContain(`Aufruf: bun run ${command}`);
    expect(run.output).not.toMatch(/\bat .*\.ts:\d+/);
    expect(await readdir(dataDir)).toEqual([]);
  });
});

describe("arguments a command does not take", () => {
  test("a value its option lacks, a value a switch does not take, a stray argument: exit 2, in German", async () => {
    const cases: [string, string[], string][] = [
      ["restore", ["latest", "--force"], "Fehler: Der Option --force fehlt ihr Wert."],
      ["backup", ["--prune=ja"], "Fehler: Die Option --prune nimmt keinen Wert."],
      ["backup", ["--dry-run"], "Fehler: --dry-run gilt nur zusammen mit --prune."],
      ["audit-verify", ["jetzt"], "Fehler: Unerwartetes Argument: jetzt"],
      ["retention", ["jetzt"], "Fehler: Unerwartetes Argument: jetzt"],
      ["verify-blobs", ["--mib-per-second", "0"], "Fehler: --mib-per-second braucht eine Zahl größer als 0"],
      ["restore", [], "Fehler: Welche Sicherung?"],
      ["release", ["--promote"], "Fehler: Welcher Bereich?"],
    ];
    for (const [command, args, message] of cases) {
      const run = await runPackageScript(command, args, environment());
      expect(run.code, `${command} ${args.join(" ")}: ${run.output}`).toBe(2);
      expect(run.output).toContain(message);
    }
    expect(await readdir(dataDir)).toEqual([]);
  });
});
