// Runs every check the project has, in order, and ends with the one line CI reads:
// "N passed, N failed" (", N skipped" when any). Lint, type check and build count as one
// test each; bun test and Playwright contribute their own counts.
//
// Usage: bun scripts/test.ts [--only unit|e2e] [--no-build] [-- extra Playwright args]
//   --no-build   browser tests against the builds already in <app>/dist
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSmtpServer, type TestSmtpServer } from "../api/test/support/smtp";
import { startTestServer, type TestServer } from "./test-server";

const root = join(import.meta.dir, "..");
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const skipBuild = process.argv.includes("--no-build");
const extraPlaywrightArgs = process.argv.includes("--") ? process.argv.slice(process.argv.indexOf("--") + 1) : [];

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];

function heading(title: string): void {
  console.log(`\n━━ ${title} ${"━".repeat(Math.max(0, 70 - title.length))}`);
}

async function run(command: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(command, {
    cwd: root,
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
    stdin: "ignore",
  });
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      sink.write(text);
    }
  };
  await Promise.all([pump(child.stdout, process.stdout), pump(child.stderr, process.stderr)]);
  return { code: await child.exited, output };
}

/** A step that is not a test runner counts as one test. */
async function step(name: string, command: string[]): Promise<boolean> {
  heading(name);
  const { code } = await run(command);
  if (code === 0) tally.passed++;
  else {
    tally.failed++;
    failures.push(name);
  }
  return code === 0;
}

/** Adds one `bun test` run's counts to the tally; a run that died or found nothing fails. */
async function bunTest(name: string, args: string[]): Promise<void> {
  heading(name);
  const { code, output } = await run(["bun", "test", ...args]);
  const count = (label: string) => Number(output.match(new RegExp(`^\\s*(\\d+) ${label}$`, "m"))?.[1] ?? 0);
  const [passed, failed, skipped] = [count("pass"), count("fail"), count("skip")];
  tally.passed += passed;
  tally.failed += failed;
  tally.skipped += skipped;
  if (code !== 0 && failed === 0) {
    // The runner died or found nothing to run: that must not pass silently.
    tally.failed++;
    failures.push(`${name} (Abbruch)`);
  } else if (failed > 0) failures.push(`${name} (${failed})`);
}

async function unitTests(): Promise<void> {
  await bunTest("bun test", ["--timeout", "30000"]);
  // The component tests in a browser page of their own (happy-dom): see bunfig.toml.
  await bunTest("bun test: Komponenten (happy-dom)", [
    "--timeout",
    "30000",
    "--preload",
    "./packages/kit/test/support/dom-preload.ts",
    "--path-ignore-patterns=**/node_modules/**",
    ".dom.test.tsx",
  ]);
}

interface PlaywrightStats {
  expected: number;
  unexpected: number;
  flaky: number;
  skipped: number;
}

async function browserTests(): Promise<void> {
  heading("Playwright (Chromium)");
  const dataDir = mkdtempSync(join(tmpdir(), "klarwerk-e2e-"));
  const mailDir = mkdtempSync(join(tmpdir(), "klarwerk-e2e-mail-"));
  let server: TestServer | undefined;
  let unconfigured: TestServer | undefined;
  let smtp: TestSmtpServer | undefined;
  const report = join(root, "test-results", "e2e.json");
  rmSync(report, { force: true });
  try {
    // A real SMTP server the e2e server delivers to; it keeps each mail as a .eml file that the
    // tests read (e2e/support/mailbox.ts), as the people the mails are for would.
    smtp = await startSmtpServer({ mailDir });
    const mail = { MAIL_FROM: "portal@klarwerk.test", CONTACT_NOTIFY_TO: "team@klarwerk.test" };
    // Behind a "proxy" it trusts: each Playwright test sends X-Forwarded-For with an address of
    // its own (e2e/support/test.ts), so the per-address limits count per test.
    const shared = { TRUSTED_PROXIES: "127.0.0.1", JWT_SECRET: randomBytes(32).toString("hex"), ...mail };
    server = await startTestServer({ dataDir, env: { ...shared, SMTP_URL: smtp.url } });
    // A second process of the same deployment without SMTP_URL, for what admins see while
    // e-mail is not set up; it needs the database server (the embedded one is one process's).
    if (server.databaseUrl) {
      unconfigured = await startTestServer({
        dataDir,
        databaseUrl: server.databaseUrl,
        env: { ...shared, SMTP_URL: "" },
      });
    }
    const { code } = await run(
      [
        "node",
        "node_modules/@playwright/test/cli.js",
        "test",
        "-c",
        "e2e/playwright.config.ts",
        ...extraPlaywrightArgs,
      ],
      {
        E2E_BASE_URL: server.url,
        E2E_DATABASE_URL: server.databaseUrl ?? "",
        E2E_NO_MAIL_BASE_URL: unconfigured?.url ?? "",
        E2E_MAIL_DIR: mailDir,
        E2E_SMTP_URL: smtp.url,
        E2E_MAIL_FROM: mail.MAIL_FROM,
        E2E_TEAM_INBOX: mail.CONTACT_NOTIFY_TO,
        PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      },
    );
    let stats: PlaywrightStats | undefined;
    try {
      stats = (JSON.parse(readFileSync(report, "utf8")) as { stats: PlaywrightStats }).stats;
    } catch {
      stats = undefined;
    }
    if (!stats) {
      tally.failed++;
      failures.push("Playwright (kein Bericht)");
      return;
    }
    tally.passed += stats.expected + stats.flaky;
    tally.failed += stats.unexpected;
    tally.skipped += stats.skipped;
    if (stats.flaky > 0) console.log(`Playwright: ${stats.flaky} test(s) passed only on retry`);
    if (stats.unexpected > 0) failures.push(`Playwright (${stats.unexpected})`);
    else if (code !== 0) {
      tally.failed++;
      failures.push("Playwright (Abbruch)");
    }
  } catch (error) {
    console.error(error);
    tally.failed++;
    failures.push("Playwright (Server)");
  } finally {
    await unconfigured?.stop();
    await server?.stop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  }
}

if (!only) {
  await step("Biome (format + lint)", ["node_modules/.bin/biome", "ci", "."]);
  await step("TypeScript (strict)", ["bun", "scripts/typecheck.ts"]);
}
if (!only || only === "unit") await unitTests();
if (!only || only === "e2e") {
  const built = skipBuild || (await step("Build (shell + remotes)", ["bun", "scripts/build.ts"]));
  if (built) await browserTests();
  else {
    tally.failed++;
    failures.push("Playwright (nicht gestartet: Build fehlgeschlagen)");
  }
}

if (failures.length > 0) console.log(`\nFehlgeschlagen: ${failures.join(", ")}`);
const skipped = tally.skipped > 0 ? `, ${tally.skipped} skipped` : "";
console.log(`${tally.passed} passed, ${tally.failed} failed${skipped}`);
process.exit(tally.failed === 0 ? 0 : 1);
