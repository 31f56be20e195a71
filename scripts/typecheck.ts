// Type-checks every workspace project (TypeScript strict) and exits non-zero on any error.
import { existsSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const projects = [
  ".",
  "packages/kit",
  "api",
  "shell",
  "mf-marketing",
  "mf-dashboard",
  "mf-files",
  "mf-customers",
  "mf-invoices",
  "mf-invoices/test",
  "mf-files/test",
  "mf-customers/test",
  "mf-dashboard/test",
  "mf-marketing/test",
  "e2e",
  "bench",
].filter((project) => existsSync(join(root, project, "tsconfig.json")));

const tsc = join(root, "node_modules/.bin/tsc");
let failed = 0;
for (const project of projects) {
  const run = Bun.spawnSync([tsc, "-p", project], { cwd: root, stdout: "inherit", stderr: "inherit" });
  if (run.exitCode !== 0) {
    failed++;
    console.error(`Typfehler in ${project}`);
  }
}
console.log(`typecheck: ${projects.length - failed}/${projects.length} projects clean`);
process.exit(failed === 0 ? 0 : 1);
