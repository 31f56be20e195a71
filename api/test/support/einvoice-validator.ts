import { mkdir, readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { repoRoot } from "../../src/config.ts";

/**
 * The team's e-invoice validator (tools/einvoice-validator, README there), run on many files at once.
 * `validate.sh` checks one file per run and starts a JVM each time (~3 s); this runs the same
 * three layers over a folder: one `xmllint` for the CII schema, and one Saxon run per rule set
 * (EN 16931, and XRechnung when asked) over every file, then reads each SVRL report. Counted as
 * failures, as in validate.sh: every failed assert flagged fatal or error, or not flagged.
 */
export const einvoiceDir = join(repoRoot, "tools", "einvoice-validator");
export const validateScript = join(einvoiceDir, "validate.sh");
const schema = join(einvoiceDir, "xsd", "CII", "uncefact", "data", "standard", "CrossIndustryInvoice_100pD16B.xsd");
const ruleSets = {
  en16931: join(einvoiceDir, "en16931", "EN16931-CII-validation.xslt"),
  xrechnung: join(einvoiceDir, "xrechnung", "XRechnung-CII-validation.xsl"),
};
const saxon = "/usr/share/java/Saxon-HE.jar";

async function run(command: string[]): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(command, { stdout: "pipe", stderr: "pipe", stdin: "ignore" });
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, output: `${stdout}${stderr}` };
}

/** Failed asserts of one SVRL report as `RULE-ID: text`. */
export function failedAsserts(svrl: string): string[] {
  const failures: string[] = [];
  for (const match of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attributes = match[1] ?? "";
    const flag = /\bflag="([^"]*)"/.exec(attributes)?.[1];
    if (flag !== undefined && flag !== "fatal" && flag !== "error") continue;
    const id = /\bid="([^"]*)"/.exec(attributes)?.[1] ?? "?";
    const text = (/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2] ?? "")?.[1] ?? "").replace(/\s+/g, " ").trim();
    failures.push(`${id}: ${text}`);
  }
  return failures;
}

/**
 * Validates every `.xml` file in `dir`: the failures per file name (an empty list: valid).
 * `xrechnung` adds the German rules. Throws when a tool is missing or does not run.
 */
export async function validateFolder(dir: string, { xrechnung = false } = {}): Promise<Map<string, string[]>> {
  const files = (await readdir(dir)).filter((name) => name.endsWith(".xml")).sort();
  const failures = new Map(files.map((name) => [name, [] as string[]]));
  if (files.length === 0) return failures;

  const xsd = await run(["xmllint", "--noout", "--schema", schema, ...files.map((name) => join(dir, name))]);
  for (const line of xsd.output.split("\n")) {
    const match = /^(.+?\.xml):(\d+): (.*)$/.exec(line);
    if (match) failures.get(basename(match[1] ?? ""))?.push(`XSD: line ${match[2]}: ${match[3]}`);
  }
  if (xsd.code !== 0 && [...failures.values()].every((list) => list.length === 0)) {
    throw new Error(`xmllint failed without naming a file:\n${xsd.output}`);
  }

  const sets = xrechnung ? (["en16931", "xrechnung"] as const) : (["en16931"] as const);
  for (const set of sets) {
    const out = `${dir}-svrl-${set}`;
    await mkdir(out, { recursive: true });
    const saxonRun = await run(["java", "-jar", saxon, `-s:${dir}`, `-xsl:${ruleSets[set]}`, `-o:${out}`]);
    if (saxonRun.code !== 0) throw new Error(`Saxon (${set}) failed:\n${saxonRun.output}`);
    for (const name of files) {
      const report = await readFile(join(out, name), "utf8");
      failures.get(name)?.push(...failedAsserts(report));
    }
  }
  return failures;
}

/** Runs the validator script itself on one file (its own JVM): its exit code and output. */
export async function validateWithScript(file: string, { xrechnung = false } = {}) {
  return run(["bash", validateScript, ...(xrechnung ? ["--xrechnung"] : []), file]);
}
