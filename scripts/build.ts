// Builds the front-ends for production: the five remotes, then the shell (`rsbuild build` in each,
// two at a time on this 2-core machine), precompresses every dist for the server and prints one
// size line per app. Fails loudly on the first error. Each app is built into a side folder and
// swapped in whole, so a running server (or a test) never sees a half-written dist.
//
//   bun scripts/build.ts                  every app
//   bun scripts/build.ts shell mf-files   only these (scripts/start.ts rebuilds what is stale)
//   bun scripts/build.ts --skip-precompress   (no .br/.gz files; quicker local checks)
//
// The shell's build also prerenders the public pages (scripts/prerender.ts) from the marketing
// sources and build; building only mf-marketing prerenders them again into the current shell.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { precompressDirectory } from "../api/src/web/precompress.ts";
import { remoteDir, remoteNames } from "../packages/kit/src/remotes.ts";
import { marketingBuildIsCurrent } from "./prerender.ts";
import { shellNeedsPath, writeShellNeeds } from "./shell-needs.ts";

const root = join(import.meta.dir, "..");
const allApps = [...remoteNames.map(remoteDir), "shell"] as const;
const concurrency = 2;

const args = process.argv.slice(2);
const skipPrecompress = args.includes("--skip-precompress");
const requested = args.filter((arg) => !arg.startsWith("--"));
const unknown = requested.filter((app) => !(allApps as readonly string[]).includes(app));
if (unknown.length > 0) {
  console.error(`Unbekannte App(s): ${unknown.join(", ")}. Erlaubt: ${allApps.join(", ")}`);
  process.exit(2);
}
// The shell's public pages are rendered from the marketing sources and hydrated by the marketing
// build: building the shell rebuilds a marketing build older than its sources too.
if (requested.includes("shell") && !requested.includes("mf-marketing") && !marketingBuildIsCurrent()) {
  console.log("mf-marketing ist älter als seine Quellen und wird mitgebaut (die Startseiten werden daraus gerendert).");
  requested.push("mf-marketing");
}
// The API checks each release against what this shell needs; it reads that from a file, not from
// the front-end sources.
if (writeShellNeeds())
  console.log(`${shellNeedsPath} neu geschrieben: die Screens oder die Kit-Oberfläche haben sich geändert.`);
// Keep the canonical order: remotes first, the shell last.
const apps = allApps.filter((app) => requested.length === 0 || requested.includes(app));

const rsbuild = join(root, "node_modules/.bin/rsbuild");
const nextDist = ".dist-next";
const oldDist = ".dist-old";

interface Result {
  app: string;
  ok: boolean;
  output: string;
  seconds: number;
}

async function build(app: string): Promise<Result> {
  const started = performance.now();
  const child = Bun.spawn([rsbuild, "build"], {
    cwd: join(root, app),
    env: {
      ...process.env,
      NODE_ENV: "production",
      KLARWERK_DIST_DIR: nextDist,
      FORCE_COLOR: process.stdout.isTTY ? "1" : "0",
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  const seconds = (performance.now() - started) / 1000;
  const marker = join(root, app, nextDist, app === "shell" ? "index.html" : "mf-manifest.json");
  const ok = exitCode === 0 && existsSync(marker);
  return { app, ok, output: `${stdout}${stderr}`, seconds };
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

function sizeLine(app: string, seconds: number): string {
  let js = 0;
  let jsGzip = 0;
  let css = 0;
  let cssGzip = 0;
  for (const file of files(join(root, app, "dist"))) {
    const ext = extname(file);
    if (ext !== ".js" && ext !== ".css") continue;
    const bytes = statSync(file).size;
    const gzip = Bun.gzipSync(readFileSync(file)).length;
    if (ext === ".js") {
      js += bytes;
      jsGzip += gzip;
    } else {
      css += bytes;
      cssGzip += gzip;
    }
  }
  return `${app.padEnd(13)} JS ${kb(js).padStart(9)} (gzip ${kb(jsGzip).padStart(8)})   CSS ${kb(css).padStart(8)} (gzip ${kb(cssGzip).padStart(7)})   ${seconds.toFixed(1)} s`;
}

/** Two renames, microseconds apart: the old build serves until the new one is complete. */
function swapIn(app: string): void {
  const dir = join(root, app);
  rmSync(join(dir, oldDist), { recursive: true, force: true });
  if (existsSync(join(dir, "dist"))) renameSync(join(dir, "dist"), join(dir, oldDist));
  renameSync(join(dir, nextDist), join(dir, "dist"));
  rmSync(join(dir, oldDist), { recursive: true, force: true });
}

/** Renders the public pages into `shellDist` (scripts/prerender.ts); true when it worked. */
function prerender(shellDist: string): boolean {
  const args = ["--shell-dist", shellDist, "--marketing-dist", join(root, "mf-marketing", "dist")];
  if (skipPrecompress) args.push("--skip-precompress");
  const run = Bun.spawnSync(["bun", join(root, "scripts", "prerender.ts"), ...args], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (run.exitCode !== 0) console.error(`\n✗ prerender fehlgeschlagen\n${run.stdout}${run.stderr}`);
  return run.exitCode === 0;
}

/** Settles once an app of this run is built and swapped in (true) or failed (false). */
const swapped = new Map(apps.map((app) => [app, Promise.withResolvers<boolean>()] as const));

const queue = [...apps];
const failures: Result[] = [];
const lines: string[] = [];

async function worker(): Promise<void> {
  for (let app = queue.shift(); app && failures.length === 0; app = queue.shift()) {
    const result = await build(app);
    if (!result.ok) {
      failures.push(result);
      swapped.get(app)?.resolve(false);
      console.error(`\n✗ ${app}: rsbuild build fehlgeschlagen\n${result.output}`);
      return;
    }
    // The shell's public pages are rendered from the marketing build of this run, if any.
    if (
      app === "shell" &&
      !((await (swapped.get("mf-marketing")?.promise ?? true)) && prerender(join(root, app, nextDist)))
    ) {
      failures.push({ ...result, ok: false });
      swapped.get(app)?.resolve(false);
      return;
    }
    const precompressed = skipPrecompress ? null : await precompressDirectory(join(root, app, nextDist));
    swapIn(app);
    swapped.get(app)?.resolve(true);
    if (app === "mf-marketing" && !apps.includes("shell") && existsSync(join(root, "shell", "dist", "index.html"))) {
      if (!prerender(join(root, "shell", "dist"))) failures.push({ ...result, app: "prerender", ok: false });
    }
    let line = sizeLine(app, result.seconds);
    if (precompressed) line += `   precompressed ${precompressed.files} files`;
    lines.push(line);
    console.log(`✓ ${line}`);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: Math.min(concurrency, apps.length) }, worker));

if (failures.length > 0) {
  console.error(`\nBuild fehlgeschlagen: ${failures.map((failure) => failure.app).join(", ")}`);
  process.exit(1);
}
console.log(`\n${apps.length} App(s) gebaut in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
