import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isProcessRunning } from "../lib/process-running.ts";
import type { DumpCompression, WorkerReply, WorkerRequest } from "./pglite-protocol.ts";

/** A running embedded Postgres (PGlite in a worker), reachable on a unix socket. */
export interface EmbeddedServer {
  socketPath: string;
  /**
   * The whole data directory as a tarball, to start further instances from (`template`), taken
   * between two queries: a crash-consistent image (committed transactions, nothing half-done).
   */
  dump(compression?: DumpCompression): Promise<ArrayBuffer>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /**
   * The app's DATA_DIR: the database lives in `<dataDir>/pglite`, its socket and lock file next
   * to it. Omitted: an in-memory database, gone when stopped (tests).
   */
  dataDir?: string;
  /** Start from a dump instead of running initdb (tests start many in-memory instances). */
  template?: ArrayBuffer;
}

/** Unix socket paths are limited to about 107 bytes; stay well below on every platform. */
const maxSocketPathLength = 100;
const startTimeoutMs = 120_000;
const stopTimeoutMs = 15_000;

function uniqueName(): string {
  return `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
}

function socketPathFor(dataDir: string | undefined): string {
  const preferred = dataDir ? join(dataDir, "pglite.sock") : "";
  if (preferred && preferred.length <= maxSocketPathLength) return preferred;
  return join(tmpdir(), `klarwerk-pglite-${uniqueName()}.sock`);
}

/**
 * Two processes on one PGlite data directory would corrupt it, so the directory is claimed with
 * a lock file holding our pid. A lock left by a process that no longer runs is taken over.
 */
function claimDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isProcessRunning(owner)) {
        throw new Error(`The embedded database in ${dataDir} is in use by process ${owner}.`);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not claim the embedded database in ${dataDir}.`);
}

function waitFor<T extends WorkerReply["type"]>(
  worker: Worker,
  expected: T,
  timeoutMs: number,
): Promise<Extract<WorkerReply, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`The embedded database did not answer "${expected}" within ${timeoutMs} ms.`));
    }, timeoutMs);
    const onMessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === expected) {
        cleanup();
        resolve(reply as Extract<WorkerReply, { type: T }>);
      } else if (reply.type === "failed") {
        cleanup();
        reject(new Error(`The embedded database failed: ${reply.message}`));
      }
    };
    const onError = (event: ErrorEvent) => {
      cleanup();
      reject(new Error(`The embedded database worker crashed: ${event.message}`));
    };
    function cleanup() {
      clearTimeout(timer);
      worker.removeEventListener("message", onMessage);
      worker.removeEventListener("error", onError);
    }
    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", onError);
  });
}

/** Starts PGlite (Postgres compiled to WebAssembly) in a worker behind a unix-socket server. */
export async function startEmbeddedServer({ dataDir, template }: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  let release = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    release = claimDataDir(dataDir);
  }
  const socketPath = socketPathFor(dataDir);
  // A socket file left by a killed process makes the server's listen fail silently inside the
  // worker; we own the data directory now, so any socket there is stale.
  rmSync(socketPath, { force: true });

  const worker = new Worker(new URL("./pglite-worker.ts", import.meta.url).href);
  const post = (message: WorkerRequest) => worker.postMessage(message);
  const started = waitFor(worker, "ready", startTimeoutMs);
  post({ type: "start", dataDir: dataDir ? join(dataDir, "pglite") : undefined, socketPath, template });
  try {
    await started;
  } catch (error) {
    worker.terminate();
    rmSync(socketPath, { force: true });
    release();
    throw error;
  }

  // After a successful start a crash can only be logged; queries then fail and /api/health says so.
  worker.addEventListener("error", (event) =>
    console.error("[db] the embedded database worker crashed:", event.message),
  );

  let stopping: Promise<void> | null = null;
  return {
    socketPath,
    async dump(compression = "none") {
      // A large database takes a while to pack: allow far more than a stop.
      const dumped = waitFor(worker, "dumped", startTimeoutMs);
      post({ type: "dump", compression });
      return (await dumped).data;
    },
    stop() {
      stopping ??= (async () => {
        try {
          const stopped = waitFor(worker, "stopped", stopTimeoutMs);
          post({ type: "stop" });
          await stopped;
        } finally {
          worker.terminate();
          rmSync(socketPath, { force: true });
          release();
        }
      })();
      return stopping;
    },
  };
}
