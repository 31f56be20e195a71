// An S3-compatible server (s3rver) for the benchmarks, in a process of its own like the API:
// `startS3Server(folder)` runs this file again with `--s3-server`; the child serves the folder
// (on the same disk as everything else the bench writes) with one bucket, `bench`.
/// <reference path="../../api/test/support/s3rver.d.ts" />
import { type Child, reportReady, startChild } from "./child.ts";

const bucket = "bench";

if (import.meta.main && process.argv[2] === "--s3-server") {
  const { default: S3rver } = await import("s3rver");
  const s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: process.env.BENCH_S3_DIR ?? "/nonexistent",
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await s3.run();
  reportReady(port, () => s3.close());
  await new Promise(() => {});
}

export interface BenchS3 extends Child<number> {
  /** The environment that puts an API process's blobs into this bucket. */
  env: Record<string, string>;
}

export async function startS3Server(directory: string): Promise<BenchS3> {
  const child = await startChild<number>(import.meta.path, "--s3-server", {
    graceMs: 5000,
    env: { BENCH_S3_DIR: directory },
  });
  return {
    ...child,
    env: {
      BLOB_STORE: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${child.ready}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
  };
}
