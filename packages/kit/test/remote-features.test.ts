// The remotes are laid out alike, by feature (docs/decisions/0081-front-end-apps-in-detail.md,
// "Shape: the apps' skeleton"), and no feature imports another: Biome's noRestrictedImports
// (biome.json) refuses it. Each rule is proven here by a file with a forbidden import, written into
// a remote's feature or shared folder for one lint run and removed again; allowed imports in the
// same run must pass, and so must the remotes as they are.
import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dir, "../../..");
const biome = join(root, "node_modules/.bin/biome");
const otherFeature = "A feature of a remote does not import another feature's files";
const sharedImportsFeature = "`src/shared/` serves the features of its remote and imports none of them.";

/** The remotes laid out by feature. mf-invoices joins once its move is done (and biome.json names it). */
const laidOut = ["mf-dashboard", "mf-files", "mf-customers", "mf-marketing"] as const;

interface Probe {
  /** The folder the probe is written into, from the repository's root. */
  folder: string;
  imports: string;
  /** The start of the message Biome must give; null: the import is allowed. */
  refused: string | null;
}

const probes: Probe[] = [
  { folder: "mf-marketing/src/features/contact", imports: "../services/Services", refused: otherFeature },
  {
    folder: "mf-marketing/src/features/contact/components",
    imports: "../../pages/Home",
    refused: otherFeature,
  },
  { folder: "mf-marketing/src/features/contact", imports: "../../shared/components/Icon", refused: null },
  { folder: "mf-marketing/src/features/contact/components", imports: "../messages", refused: null },
  {
    folder: "mf-marketing/src/shared/components",
    imports: "../../features/contact/Contact",
    refused: sharedImportsFeature,
  },
  { folder: "mf-files/src/features/files", imports: "../uploads/upload-queue", refused: otherFeature },
  { folder: "mf-files/src/features/files/api", imports: "../upload-queue", refused: null },
  { folder: "mf-customers/src/features/customers", imports: "../invoices/Invoices", refused: otherFeature },
  { folder: "mf-customers/src/features/customers/components", imports: "../notes", refused: null },
  { folder: "mf-dashboard/src/features/users", imports: "../audit/Audit", refused: otherFeature },
  { folder: "mf-dashboard/src/shared", imports: "../features/users/Users", refused: sharedImportsFeature },
];

const files = probes.map((probe, index) => join(root, probe.folder, `feature-probe-${process.pid}-${index}.ts`));

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
  const header = /^(\S+\.tsx?):\d+:\d+ lint\/style\/noRestrictedImports/gm;
  const starts = [...output.matchAll(header)];
  starts.forEach((match, index) => {
    const end = starts[index + 1]?.index ?? output.length;
    found.set(match[1] ?? "", output.slice(match.index, end));
  });
  return found;
}

function isEmptyFolder(path: string): boolean {
  return statSync(path).isDirectory() && readdirSync(path).length === 0;
}

describe("the remotes' features", () => {
  test("an import of another feature, or of a feature from shared/, is refused by biome lint; one within a feature or of shared/ passes", () => {
    probes.forEach((probe, index) => {
      writeFileSync(files[index] ?? "", `export * from "${probe.imports}";\n`);
    });
    let result: { exitCode: number; output: string };
    try {
      result = lint(files);
    } finally {
      removeProbes();
    }
    const found = refusals(result.output);
    expect(result.exitCode).not.toBe(0);
    const seen = probes.map((probe, index) => {
      const text = found.get(relative(root, files[index] ?? ""));
      const message =
        text === undefined ? null : ([otherFeature, sharedImportsFeature].find((m) => text.includes(m)) ?? text);
      return { ...probe, refused: message };
    });
    expect(seen).toEqual(probes);
  }, 120_000);

  test("each remote laid out by feature has at src/ only its entry files, routes/, features/ and shared/", () => {
    const allowed = new Set(["bootstrap.tsx", "index.ts", "routes", "features", "shared"]);
    const strays = laidOut.flatMap((remote) =>
      readdirSync(join(root, remote, "src"))
        // An empty folder is what a checkout of an older layout may leave; git knows no folders.
        .filter((entry) => !allowed.has(entry) && !isEmptyFolder(join(root, remote, "src", entry)))
        .map((entry) => `${remote}/src/${entry}`),
    );
    expect(strays).toEqual([]);
  });

  test("the remotes as they are keep to the rule", () => {
    const { exitCode, output } = lint(laidOut.map((remote) => join(root, remote, "src")));
    expect({ exitCode, refusals: [...refusals(output).keys()] }).toEqual({ exitCode: 0, refusals: [] });
  }, 120_000);
});
