// Biome's noRestrictedImports rules (biome.json) proven by probes: a file with one import each,
// written into a folder for one lint run and removed again. The API's layers
// (api/test/layers.test.ts) and the remotes' features (packages/kit/test/remote-features.test.ts)
// are proven this way.
import { rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

export const repositoryRoot = join(import.meta.dir, "..");
const biome = join(repositoryRoot, "node_modules/.bin/biome");

export interface ImportProbe {
  /** The folder the probe is written into, from the repository's root. */
  folder: string;
  imports: string;
  /** The start of the message Biome must give; null: the import is allowed. */
  refused: string | null;
}

/** `biome lint` over `paths`: its exit code and the files it reported for noRestrictedImports. */
export function lintImports(paths: readonly string[]): { exitCode: number; refusals: Map<string, string> } {
  const run = Bun.spawnSync([biome, "lint", "--colors=off", "--max-diagnostics=none", ...paths], {
    cwd: repositoryRoot,
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = `${run.stdout.toString()}${run.stderr.toString()}`;
  return { exitCode: run.exitCode, refusals: refusalsIn(output) };
}

/** Each reported file with the text of its noRestrictedImports diagnostics. */
function refusalsIn(output: string): Map<string, string> {
  const found = new Map<string, string>();
  const header = /^(\S+\.tsx?):\d+:\d+ lint\/style\/noRestrictedImports/gm;
  const starts = [...output.matchAll(header)];
  starts.forEach((match, index) => {
    const end = starts[index + 1]?.index ?? output.length;
    found.set(match[1] ?? "", output.slice(match.index, end));
  });
  return found;
}

/**
 * Writes each probe as `<folder>/<prefix>-<pid>-<n>.ts`, lints them in one run and removes them
 * (also when the run fails); each probe comes back with the message it got (one of `messages`,
 * else Biome's whole text), or null when it passed, to compare with the probes as written.
 */
export function lintProbes(
  probes: readonly ImportProbe[],
  prefix: string,
  messages: readonly string[],
): { exitCode: number; seen: ImportProbe[] } {
  const files = probes.map((probe, index) =>
    join(repositoryRoot, probe.folder, `${prefix}-${process.pid}-${index}.ts`),
  );
  let result: ReturnType<typeof lintImports>;
  try {
    probes.forEach((probe, index) => {
      writeFileSync(files[index] ?? "", `export * from "${probe.imports}";\n`);
    });
    result = lintImports(files);
  } finally {
    for (const file of files) rmSync(file, { force: true });
  }
  const seen = probes.map((probe, index) => {
    const text = result.refusals.get(relative(repositoryRoot, files[index] ?? ""));
    const message = text === undefined ? null : (messages.find((m) => text.includes(m)) ?? text);
    return { ...probe, refused: message };
  });
  return { exitCode: result.exitCode, seen };
}
