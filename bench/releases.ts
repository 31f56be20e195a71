// The goals for releases, with two API processes of one deployment (one PostgreSQL
// database, one DATA_DIR as the blob store), side by side in one run:
//
// 1. From an activation through process A to the first /remotes.json of process B that gives the
//    new version (goal ≤ 1 s): the change feed's NOTIFY, then B's rollouts read again.
// 2. What the per-visitor /remotes.json costs against serving a small file of the same process
//    (the release's own mf-manifest.json, from the blob store): requests a second over one
//    connection, as a ratio. The first-page budgets (Lighthouse ≥ 98, ≤ 90 KB JS) are measured by
//    bench/public-pages.ts: a public page fetches /remotes.json only at the first interaction.
//
//   DATABASE_URL=… bun bench/releases.ts [--rounds 20] [--seconds 3]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { releaseArchive } from "../api/test/support/releases";
import { startTestServer } from "../scripts/test-server";
import { numberOption } from "./support/options";
import { median } from "./support/stats";

if (!process.env.DATABASE_URL) {
  console.error("bench/releases.ts braucht DATABASE_URL (zwei Prozesse auf einer Datenbank).");
  process.exit(2);
}
const rounds = numberOption("--rounds", 20);
const seconds = numberOption("--seconds", 3);

const dataDir = mkdtempSync(join(tmpdir(), "klarwerk-bench-releases-"));
const env = { OWNER_EMAIL: "", NODE_ENV: "test" };
const a = await startTestServer({ dataDir, quiet: true, env });
const b = await startTestServer({ dataDir, quiet: true, env, databaseUrl: a.databaseUrl ?? undefined });

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

try {
  const owner = { name: "Bea Bench", email: "bea.bench@example.de", password: "Leuchtturm-Wanderung-im-Nebel-7" };
  await json(
    await fetch(`${a.url}/api/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...owner, confirmPassword: owner.password }),
    }),
  );
  const { token } = await json<{ token: string }>(
    await fetch(`${a.url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(owner),
    }),
  );
  const { secret } = await json<{ secret: string }>(
    await fetch(`${a.url}/api/deploy-keys`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ remote: "mf-dashboard", name: "Bench" }),
    }),
  );
  const auth = { Authorization: `Bearer ${secret}` };
  for (const version of ["b1", "b2"]) {
    await json(
      await fetch(`${a.url}/api/releases/upload?remote=mf-dashboard&version=${version}`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/octet-stream" },
        body: await releaseArchive("dashboard", version),
      }),
    );
  }

  async function versionAtB(): Promise<string | null> {
    const registry = await json<{ mf_dashboard: { version: string | null } }>(
      await fetch(`${b.url}/remotes.json?visitor=bench-visitor-1`),
    );
    return registry.mf_dashboard.version;
  }

  // 1. Activation through A → first answer of B with the new version.
  const delays: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const version = round % 2 === 0 ? "b1" : "b2";
    const started = performance.now();
    await json(
      await fetch(`${a.url}/api/releases/mf-dashboard/activate`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ version }),
      }),
    );
    while ((await versionAtB()) !== version) {
      if (performance.now() - started > 5000) throw new Error(`B did not serve ${version} within 5 s`);
    }
    delays.push(performance.now() - started);
  }
  const worst = Math.max(...delays);
  console.log(
    `activation through A → B serves it: median ${median(delays).toFixed(1)} ms, max ${worst.toFixed(1)} ms over ${rounds} rounds (goal ≤ 1000 ms: ${worst <= 1000 ? "met" : "NOT met"})`,
  );

  // 2. The per-visitor /remotes.json against a small file, same process.
  async function rate(path: (index: number) => string, check: (response: Response) => Promise<void>): Promise<number> {
    const until = performance.now() + seconds * 1000;
    let count = 0;
    while (performance.now() < until) {
      await check(await fetch(`${b.url}${path(count)}`));
      count++;
    }
    return count / seconds;
  }
  const registryRate = await rate(
    (index) => `/remotes.json?visitor=bench-${index}`,
    async (response) => {
      const body = (await response.json()) as Record<string, { entry: string }>;
      if (!body.mf_dashboard?.entry.includes("/releases/")) throw new Error("remotes.json without the release");
    },
  );
  const fileRate = await rate(
    () => "/remotes/mf-dashboard/releases/b1/mf-manifest.json",
    async (response) => {
      const manifest = (await response.json()) as { name?: string };
      if (manifest.name !== "mf_dashboard") throw new Error("not the release's manifest");
    },
  );
  console.log(
    `/remotes.json per visitor: ${registryRate.toFixed(0)} req/s against ${fileRate.toFixed(0)} req/s for a release's manifest file (ratio ${(registryRate / fileRate).toFixed(2)}), one connection, ${seconds} s each`,
  );
} finally {
  await b.stop();
  await a.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
