// Serves the whole product from one port (default 3000): builds every front-end whose build is
// missing or older than its sources, then runs the API, which also serves the builds.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { remoteDir, remoteNames } from "../packages/kit/src/remotes.ts";

const root = join(import.meta.dir, "..");
const apps = [...remoteNames.map(remoteDir), "shell"];

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const kitChanged = newestChange(join(root, "packages/kit/src"));
const stale = apps.filter((app) => {
  const marker = join(root, app, "dist", app === "shell" ? "index.html" : "mf-manifest.json");
  if (!existsSync(marker)) return true;
  const builtAt = statSync(marker).mtimeMs;
  const sourcesChanged = Math.max(
    kitChanged,
    newestChange(join(root, app, "src")),
    statSync(join(root, app, "rsbuild.config.ts")).mtimeMs,
  );
  return sourcesChanged > builtAt;
});

if (stale.length > 0) {
  console.log(`Baue: ${stale.join(", ")}`);
  const build = Bun.spawnSync(["bun", "scripts/build.ts", ...stale], {
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  });
  if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);
}

const server = Bun.spawn(["bun", "api/src/main.ts"], {
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
  stdin: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
process.exit(await server.exited);
