/** Messages between the API process and the PGlite worker (see pglite-worker.ts). */
export type WorkerRequest =
  | {
      type: "start";
      /** Omitted: an in-memory database. */
      dataDir?: string;
      socketPath: string;
      /** A data directory dumped earlier (`dump`): skips initdb, ~0.25 s instead of ~2 s. */
      template?: ArrayBuffer;
    }
  | { type: "dump" }
  | { type: "stop" };

export type WorkerReply =
  | { type: "ready" }
  | { type: "dumped"; data: ArrayBuffer }
  | { type: "stopped" }
  | { type: "failed"; message: string };
