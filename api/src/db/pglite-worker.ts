/**
 * Runs PGlite and its socket server off the main thread: a query inside PGlite blocks the thread
 * it runs on, so on the main thread every query would freeze all HTTP traffic for its duration.
 *
 * Protocol: the parent posts `start` once, then any `dump`s, then `stop`; this worker answers
 * `ready`, `dumped` and `stopped`, or `failed`.
 */
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import type { WorkerReply, WorkerRequest } from "./pglite-protocol.ts";

declare const self: Worker;

// PGlite's file system (Emscripten's NODEFS) creates each file and then chmods it to the mode
// Postgres asked for, 0666 for most, past the umask (the one Postgres sets is emulated): any
// account on the machine could read and change the database. Only PGlite runs in this worker, and
// it looks these functions up on `fs` at each call, so narrowing them here keeps its files 0600.
const { chmodSync, fchmodSync } = fs;
fs.chmodSync = (path: fs.PathLike, mode: fs.Mode) => chmodSync(path, ownerOnly(mode));
fs.fchmodSync = (fd: number, mode: fs.Mode) => fchmodSync(fd, ownerOnly(mode));

function ownerOnly(mode: fs.Mode): number {
  return (typeof mode === "number" ? mode : Number.parseInt(mode, 8)) & ~0o077;
}

let db: PGlite | null = null;
let server: PGLiteSocketServer | null = null;

function reply(message: WorkerReply): void {
  self.postMessage(message);
}

async function start(dataDir: string | undefined, socketPath: string, template?: ArrayBuffer): Promise<void> {
  // Extensions must be passed at every boot, not only the first one, or CREATE EXTENSION fails.
  db = await PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    loadDataDir: template ? new Blob([template], { type: isGzip(template) ? "application/gzip" : "" }) : undefined,
  });
  // One connection only: with more, concurrent clients overwrite each other's portals.
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 });
  await server.start();
}

/** A gzip stream starts with 1f 8b (RFC 1952); PGlite unpacks a gzipped tarball only when told. */
function isGzip(data: ArrayBuffer): boolean {
  const head = new Uint8Array(data, 0, Math.min(2, data.byteLength));
  return head[0] === 0x1f && head[1] === 0x8b;
}

async function stop(): Promise<void> {
  await server?.stop();
  server = null;
  // Closing flushes PGlite's data to disk; terminating the worker without it can lose writes.
  await db?.close();
  db = null;
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const message = event.data;
  try {
    if (message.type === "start") {
      await start(message.dataDir, message.socketPath, message.template);
      reply({ type: "ready" });
    } else if (message.type === "dump") {
      if (!db) throw new Error("The database is not running.");
      const data = await (await db.dumpDataDir(message.compression)).arrayBuffer();
      self.postMessage({ type: "dumped", data } satisfies WorkerReply, [data]);
    } else {
      await stop();
      reply({ type: "stopped" });
    }
  } catch (error) {
    reply({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
};
