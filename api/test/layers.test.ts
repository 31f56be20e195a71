// The API's layers point one way (docs/architecture.md, "API modules and boundaries"), enforced by
// Biome's noRestrictedImports (biome.json). Each rule is proven here by a file with a forbidden
// import, written into the layer's folder for one lint run and removed again; downward imports in
// the same run must pass, and so must the tree as it is.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dir, "../..");
const biome = join(root, "node_modules/.bin/biome");
const upward = "Layers point one way";
const frontEnd = "The API does not import the front-ends";
const moduleInside = "An API module is reached only through its public file";

interface Probe {
  folder: string;
  imports: string;
  /** The start of the message Biome must give; null: the import is allowed. */
  refused: string | null;
}

const probes: Probe[] = [
  { folder: "lib", imports: "../db/open.ts", refused: upward },
  { folder: "lib", imports: "../storage/blob-store.ts", refused: upward },
  { folder: "db", imports: "../http/errors.ts", refused: upward },
  { folder: "db", imports: "../mail/templates.ts", refused: upward },
  { folder: "db", imports: "../lib/schedule-every.ts", refused: null },
  { folder: "http", imports: "../modules/audit/index.ts", refused: upward },
  { folder: "http", imports: "../backup/runs.ts", refused: upward },
  { folder: "http", imports: "../web/routes.ts", refused: upward },
  { folder: "http", imports: "../db/audit-append.ts", refused: null },
  { folder: "storage", imports: "../modules/files/index.ts", refused: upward },
  { folder: "storage", imports: "../db/open.ts", refused: null },
  { folder: "mail", imports: "../modules/audit/index.ts", refused: upward },
  { folder: "mail", imports: "../backup/job.ts", refused: upward },
  { folder: "modules/files", imports: "../../backup/runs.ts", refused: upward },
  { folder: "modules/releases", imports: "../../web/routes.ts", refused: upward },
  { folder: "modules/files", imports: "../audit/store.ts", refused: moduleInside },
  { folder: "modules/files", imports: "../audit/index.ts", refused: null },
  { folder: "modules/releases", imports: "@klarwerk/mf-dashboard/screens", refused: frontEnd },
  { folder: "modules/releases", imports: "../../../../shell/src/main.tsx", refused: frontEnd },
  { folder: "backup", imports: "../../../mf-files/screens.ts", refused: frontEnd },
  { folder: "backup", imports: "../modules/files/index.ts", refused: null },
  { folder: "web", imports: "@klarwerk/shell/rsbuild.config.ts", refused: frontEnd },
  { folder: "web", imports: "../modules/releases/serve.ts", refused: moduleInside },
  { folder: "web", imports: "../modules/releases/index.ts", refused: null },
  { folder: ".", imports: "@klarwerk/mf-files/screens", refused: frontEnd },
];

const files = probes.map((probe, index) =>
  join(root, "api/src", probe.folder, `layer-probe-${process.pid}-${index}.ts`),
);

function removeProbes(): void {
  for (const file of files) rmSync(file, { force: true });
}

afterAll(removeProbes);

function lint(paths: readonly string[]): { exitCode: number; output: string } {
  const run = Bun.spawnSync([biome, "lint", "--colors=off", "--max-diagnostics=none", ...paths], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
  });
  return { exitCode: run.exitCode, output: `${run.stdout.toString()}${run.stderr.toString()}` };
}

/** Each reported file with the text of its noRestrictedImports diagnostics. */
function refusals(output: string): Map<string, string> {
  const found = new Map<string, string>();
  const header = /^(\S+\.ts):\d+:\d+ lint\/style\/noRestrictedImports/gm;
  const starts = [...output.matchAll(header)];
  starts.forEach((match, index) => {
    const end = starts[index + 1]?.index ?? output.length;
    found.set(match[1] ?? "", output.slice(match.index, end));
  });
  return found;
}

describe("the API's layers", () => {
  test("an import against the direction is refused by biome lint, naming the rule; a downward one passes", () => {
    probes.forEach((probe, index) => {
      writeFileSync(files[index] ?? "", `export * from "${probe.imports}";\n`);
    });
    let result: { exitCode: number; output: string };
    try {
      result = lint(files);
    } finally {
      removeProbes();
    }
    const { exitCode, output } = result;
    const found = refusals(output);
    expect(exitCode).not.toBe(0);
    const seen = probes.map((probe, index) => {
      const text = found.get(relative(root, files[index] ?? ""));
      const message =
        text === undefined ? null : ([upward, frontEnd, moduleInside].find((m) => text.includes(m)) ?? text);
      return { ...probe, refused: message };
    });
    expect(seen).toEqual(probes);
  }, 60_000);

  test("the API's sources as they are keep to the layers", () => {
    const { exitCode, output } = lint([join(root, "api/src")]);
    expect({ exitCode, refusals: [...refusals(output).keys()] }).toEqual({ exitCode: 0, refusals: [] });
  }, 60_000);
});
