import { mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../../src/storage/s3-blob-store.ts";

/** s3rver's fixed credentials. */
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface TestS3 {
  settings: S3Settings;
  /** Environment variables that select this bucket (`BLOB_STORE=s3`, `S3_*`). */
  env: Record<string, string>;
  /** Multipart uploads begun and neither completed nor aborted (s3rver keeps their parts on disk). */
  unfinishedUploads(): Promise<string[]>;
  /**
   * Makes an object look last modified at `when` (s3rver reports its file's mtime), as a clock
   * the API's own process cannot be given would.
   */
  ageObject(key: string, when: Date): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver, patched to answer AbortMultipartUpload) on a random port,
 * serving a bucket from a temporary folder.
 */
export async function startTestS3(bucket = "klarwerk-test"): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), "klarwerk-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const settings: S3Settings = { endpoint: `http://127.0.0.1:${port}`, bucket, region: "us-east-1", ...credentials };
  return {
    settings,
    env: {
      BLOB_STORE: "s3",
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    unfinishedUploads: () => readdir(join(directory, bucket, "._S3rver_uploads")).catch(() => []),
    async ageObject(key, when) {
      const parts = key.split("/");
      const name = `${parts.pop()}._S3rver_object`;
      await utimes(join(directory, bucket, ...parts, name), when, when);
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
