// The unkind start for a latency bench (`--cold`): PostgreSQL restarted, so its shared buffers
// are empty, and the kernel's page cache dropped, so the first reads of every table and index
// come from the disk. Only for the machine's own PostgreSQL (127.0.0.1, a Debian cluster run by
// pg_ctlcluster, as .ci/run starts it) and as root; a bench refuses `--cold` otherwise.
import { readdirSync, writeFileSync } from "node:fs";
import type { Sql } from "../../api/src/db/open.ts";

/** Why `--cold` cannot run here, or null when it can. */
export function coldStartRefusal(databaseUrl: string): string | null {
  const host = new URL(databaseUrl).hostname;
  if (host !== "127.0.0.1" && host !== "localhost") return `--cold restarts the local PostgreSQL, not ${host}`;
  if (process.getuid?.() !== 0) return "--cold drops the kernel's page cache: run it as root";
  return null;
}

/** Restarts the local cluster, drops the page cache, and waits until `sql` answers again. */
export async function restartDatabaseCold(sql: Sql): Promise<void> {
  const [version] = readdirSync("/etc/postgresql");
  if (!version) throw new Error("--cold found no cluster under /etc/postgresql");
  const restart = Bun.spawnSync(["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "restart"]);
  if (restart.exitCode !== 0) throw new Error(`pg_ctlcluster restart failed: ${restart.stderr.toString()}`);
  Bun.spawnSync(["sync"]);
  writeFileSync("/proc/sys/vm/drop_caches", "3");
  // The pool's old connections died with the server: postgres.js opens new ones on the next query.
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await sql`select 1`;
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await Bun.sleep(200);
    }
  }
}
