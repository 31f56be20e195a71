import { join } from "node:path";

const repoRoot = join(import.meta.dir, "../../..");

/** `bun run <script> …args` in the repository, as an operator runs it: exit code and all it printed. */
export async function runPackageScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(["bun", "run", script, ...args], { cwd: repoRoot, env, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, output: stdout + stderr };
}
