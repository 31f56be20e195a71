/**
 * PostgreSQL's own tools (`pg_dump`, `pg_restore`, from Debian's `postgresql-client`): a dump is
 * readable only by tools at least as new as the server that made it, so the major versions are
 * compared before the tool runs, and a missing or older tool is named with what to install.
 */

function majorOf(version: string): number {
  return Number.parseInt(/(\d+)(\.\d+)?/.exec(version)?.[1] ?? "0", 10);
}

/** The environment the tools run in: the process's, without settings that would redirect them. */
export function pgToolEnv(): Record<string, string | undefined> {
  const env = { ...process.env };
  for (const name of ["PGSERVICE", "PGSERVICEFILE", "PGOPTIONS"]) delete env[name];
  return env;
}

/** The tool's major version; an error naming the package when it is not installed. */
async function toolMajor(tool: "pg_dump" | "pg_restore"): Promise<number> {
  try {
    const child = Bun.spawn([tool, "--version"], { stdout: "pipe", stderr: "ignore" });
    const text = await new Response(child.stdout).text();
    if ((await child.exited) === 0) return majorOf(text.replace(/^[^)]*\)/, ""));
  } catch {}
  throw new Error(`${tool} is not installed: install postgresql-client (Debian: apt-get install postgresql-client)`);
}

/** Throws unless `tool` can read and write dumps of a server of `serverVersion`. */
export async function checkPgToolVersion(tool: "pg_dump" | "pg_restore", serverVersion: string): Promise<void> {
  const tool_ = await toolMajor(tool);
  const server = majorOf(serverVersion);
  if (tool_ < server) {
    throw new Error(
      `${tool} ${tool_} cannot work with a PostgreSQL ${server} server: install postgresql-client-${server} (or newer)`,
    );
  }
}

/**
 * How a tool is pointed at `databaseUrl`: the URL without its password (a command line is
 * readable by every user of the machine through `ps` and /proc), the password in `PGPASSWORD`.
 */
export function pgToolConnection(databaseUrl: string): { url: string; env: Record<string, string | undefined> } {
  const url = new URL(databaseUrl);
  const env = pgToolEnv();
  const password = url.password ? decodeURIComponent(url.password) : url.searchParams.get("password");
  url.password = "";
  url.searchParams.delete("password");
  if (password) env.PGPASSWORD = password;
  return { url: url.toString(), env };
}
