// A benchmark's server in a process of its own, so the load generator never shares its thread:
// the script runs itself again with a flag (`bun bench/x.ts --serve`); the child sets up, calls
// `reportReady` with what the parent needs (ports, a token), and cleans up when stopped.
//
//   if (process.argv.includes("--serve")) { …; reportReady({ port }, async () => db.drop()); }
//   else { const server = await startChild<{ port: number }>(import.meta.path, "--serve"); …; await server.stop(); }

export interface Child<Ready> {
  /** What the child reported once it served. */
  ready: Ready;
  /** SIGTERM (the child's cleanup runs), SIGKILL after `graceMs`. */
  stop(): Promise<void>;
}

/** Starts `bun <script> <flag>` and waits for its `reportReady`; fails if it ends before that. */
export async function startChild<Ready>(
  script: string,
  flag: string,
  { graceMs = 15_000, env = {} }: { graceMs?: number; env?: Record<string, string> } = {},
): Promise<Child<Ready>> {
  const { promise: reported, resolve } = Promise.withResolvers<Ready>();
  const child = Bun.spawn(["bun", script, flag], {
    env: { ...process.env, ...env },
    stdout: "inherit",
    stderr: "inherit",
    ipc: (message) => resolve(message as Ready),
  });
  const stop = async () => {
    child.kill("SIGTERM");
    const exited = await Promise.race([child.exited, Bun.sleep(graceMs).then(() => null)]);
    if (exited === null) child.kill("SIGKILL");
  };
  try {
    const ready = await Promise.race([
      reported,
      child.exited.then((code) =>
        Promise.reject(new Error(`${script} ${flag} ended (code ${code}) before it was ready`)),
      ),
    ]);
    return { ready, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** In the child: tells the parent it serves; `cleanUp` runs when the parent stops it. */
export function reportReady<Ready>(ready: Ready, cleanUp?: () => Promise<void>): void {
  if (!process.send) throw new Error("reportReady: not started by startChild (no IPC channel)");
  process.on("SIGTERM", async () => {
    await cleanUp?.();
    process.exit(0);
  });
  process.send(ready);
}
