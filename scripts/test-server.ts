// Starts the production server (API + built front-ends) for browser tests and benchmarks, on a
// free port and a database of its own: a fresh database on DATABASE_URL's server when that is set
// (dropped again by stop()), the embedded one in a temporary DATA_DIR otherwise.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import postgres from "postgres";

const root = join(import.meta.dir, "..");

export interface TestServer {
  url: string;
  /** The fresh database's URL, when a real server is used. */
  databaseUrl: string | null;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL), as a crash would: nothing of its own shutdown runs. */
  crash(): Promise<void>;
}

export interface TestServerOptions {
  dataDir: string;
  env?: Record<string, string>;
  /** Silence the server's own log lines (benchmarks). */
  quiet?: boolean;
  /**
   * Another test server's database, for a second process of one deployment: used instead of a
   * fresh one, and left for its owner to drop.
   */
  databaseUrl?: string;
  /** The embedded database in `dataDir`, even when DATABASE_URL is set. */
  embedded?: boolean;
}

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() });
  const port = probe.port;
  probe.stop(true);
  if (port === undefined) throw new Error("Kein freier Port gefunden");
  return port;
}

/** A new database on the server at `serverUrl`, and how to drop it (with any connection left to it). */
export async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `klarwerk_e2e_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function waitForHealth(url: string, child: Bun.Subprocess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server beendet mit Code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await Bun.sleep(200);
  }
  throw new Error(`Server unter ${url} nicht bereit nach ${timeoutMs} ms`);
}

export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const port = await freePort();
  const database =
    options.databaseUrl === undefined && !options.embedded && process.env.DATABASE_URL
      ? await createDatabase(process.env.DATABASE_URL)
      : null;
  const databaseUrl = options.embedded ? undefined : (options.databaseUrl ?? database?.url);
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString("hex"),
    // No backup of a test's database unless the test asks for one.
    BACKUP_SCHEDULE: "off",
    // A test's „Jetzt sichern“ writes beside its data, never into the checkout's .backups/: a set
    // left there is read by every later audit-trail check of the same checkout (its chain
    // differs, so the trail reads as tampered).
    BACKUP_DIR: join(options.dataDir, "backups"),
    ...options.env,
  };
  if (!databaseUrl) delete env.DATABASE_URL;
  const output = options.quiet ? "ignore" : "inherit";
  const child = Bun.spawn(["bun", "api/src/main.ts"], { cwd: root, env, stdout: output, stderr: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill("SIGTERM");
    const exited = await Promise.race([child.exited, Bun.sleep(5000).then(() => null)]);
    if (exited === null) child.kill("SIGKILL");
    await database?.drop();
  };
  const crash = async () => {
    child.kill("SIGKILL");
    await child.exited;
  };
  try {
    await waitForHealth(url, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, databaseUrl: databaseUrl ?? null, stop, crash };
}
