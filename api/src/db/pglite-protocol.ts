/** Messages between the API process and the PGlite worker (see pglite-worker.ts). */
export type WorkerRequest =
  | {
      type: "start";
      /** Omitted: an in-memory database. */
      dataDir?: string;
      socketPath: string;
      /** A data directory dumped earlier (`dump`, plain or gzipped): skips initdb, ~0.25 s instead of ~2 s. */
      template?: ArrayBuffer;
    }
  | { type: "dump"; compression: DumpCompression }
  | { type: "stop" };

export type WorkerReply =
  | { type: "ready" }
  | { type: "dumped"; data: ArrayBuffer }
  | { type: "stopped" }
  | { type: "failed"; message: string };

/** A dump as a plain tarball (fast, for test templates) or gzipped (backups). */
export type DumpCompression = "none" | "gzip";
