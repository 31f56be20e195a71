import type { S3Client } from "bun";
import { digestOf, newSha256, type ReadPace } from "./blob-digest.ts";
import {
  type BlobContent,
  type BlobStore,
  IncompleteBlobError,
  type IsReferenced,
  isBlobId,
  type ListedBlob,
  newBlobId,
  type PendingBlob,
  type SweepResult,
} from "./blob-store.ts";

/** Where a bucket is and how to sign for it (`S3_*` settings). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function s3ClientOf(settings: S3Settings): S3Client {
  return new Bun.S3Client({
    endpoint: settings.endpoint,
    bucket: settings.bucket,
    region: settings.region,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
  });
}

/**
 * An object no row names is removed once it is this old: far above the time between storing an
 * object and inserting its row, and above any clock difference between this machine and the
 * object store (the object's `lastModified` is the store's clock, the comparison uses ours).
 */
export const defaultOrphanAfterMs = 24 * 60 * 60_000;

/**
 * The multipart upload's parts: 5 MiB each (S3's minimum; 10 000 parts make 48 GiB, far above
 * any sensible `UPLOAD_MAX_BYTES`), one in flight. Larger parts or more of them in flight were no
 * faster against the local S3 server and held more memory (bench/upload.ts `--store s3`).
 */
const partSize = 5 * 1024 * 1024;
const queueSize = 1;

export interface S3BlobStoreOptions {
  /** Key prefix of this store's objects, e.g. `files/`; one bucket holds every store. */
  prefix: string;
  /** The clock orphans are aged by; tests move it. */
  now?: () => number;
  orphanAfterMs?: number;
}

/** Whether an S3 error says the key does not exist. */
export function isMissingObject(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "NoSuchKey" || code === "NotFound" || code === "ERR_S3_FILE_NOT_FOUND";
}

/**
 * Blobs as objects in an S3-compatible bucket (AWS S3, MinIO, Hetzner, R2), through Bun's
 * `S3Client`, so that every API process on every machine sees the same files.
 *
 * A blob is uploaded straight under its final key (`<prefix><id>`): a multipart upload becomes
 * an object only when it completes, so nothing half-written is ever visible, and `close()`
 * returns once it is complete; `commit()` has nothing left to do. The bytes reach Bun's uploader
 * through a `ReadableStream` without a queue of its own (high-water mark 0): each `write` hands
 * the caller's bytes over as they are and settles only when the uploader asks for more. The
 * uploader reads one chunk at a time and copies it into its part before it reads again, so once
 * `write` has settled the caller may free its bytes (the upload detaches each request chunk), and
 * no chunk is ever copied in JavaScript: a 1 GiB upload grew the API by 21-23 MB, where a copy of
 * each chunk grew it by 80-93 MB (bench/upload.ts; docs/stack-facts.md). A queue lost bytes here once,
 * chunks waiting in it being detached (docs/decisions/0010-checksums-and-the-scrub.md): nothing waits in one now.
 *
 * A discarded blob errors that stream, on which Bun aborts the multipart upload (its
 * `writer().end(error)` would complete it instead, truncated), and deletes the key in case the
 * upload had completed.
 *
 * Bun's uploader sends no checksum the bucket could check a part against (1.4.4 signs every
 * request `UNSIGNED-PAYLOAD` and has no option for `Content-MD5` or `x-amz-checksum-*`;
 * docs/stack-facts.md). So `close()` asks the bucket for the completed object's size and refuses a
 * blob whose size differs from the bytes written; the SHA-256 computed here as they passed is
 * kept with the row and re-checked by the scrub.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = "s3";
  private readonly now: () => number;
  private readonly orphanAfterMs: number;

  constructor(
    readonly client: S3Client,
    private readonly options: S3BlobStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.orphanAfterMs = options.orphanAfterMs ?? defaultOrphanAfterMs;
  }

  /** The object key of a blob; throws on anything that is not a blob id. */
  keyOf(id: string): string {
    if (!isBlobId(id)) throw new Error(`not a blob id: ${JSON.stringify(id)}`);
    return `${this.options.prefix}${id}`;
  }

  async prepare(): Promise<void> {}

  create(id = newBlobId()): PendingBlob {
    const key = this.keyOf(id);
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let resume: (() => void) | null = null;
    let failure: unknown = null;
    const stream = new ReadableStream<Uint8Array>(
      {
        start(c) {
          controller = c;
        },
        pull() {
          const waiting = resume;
          resume = null;
          waiting?.();
        },
      },
      // No queue: `pull` comes only once the uploader has asked for a chunk it does not have.
      new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
    );
    const uploaded = this.client.write(key, new Response(stream), {
      partSize,
      queueSize,
      type: "application/octet-stream",
    });
    let settled = false;
    const done = uploaded.then(
      () => {
        settled = true;
      },
      (error: unknown) => {
        settled = true;
        failure = error ?? new Error("upload failed");
        const waiting = resume;
        resume = null;
        waiting?.();
      },
    );
    let size = 0;
    let state: "open" | "closed" | "discarded" = "open";
    const hasher = newSha256();
    let sha256: string | null = null;
    const client = this.client;
    return {
      id,
      get size() {
        return size;
      },
      get sha256() {
        return sha256;
      },
      write(bytes) {
        if (failure) throw failure;
        if (state !== "open") throw new Error("blob is not open");
        hasher.update(bytes);
        controller.enqueue(bytes);
        size += bytes.length;
        // Settles when the uploader asks for the next chunk: it has copied this one by then.
        return new Promise<void>((resolve, reject) => {
          resume = () => (failure ? reject(failure) : resolve());
        });
      },
      async close() {
        if (state !== "open") return;
        state = "closed";
        controller.close();
        await done;
        if (failure) throw failure;
        const stored = (await client.stat(key)).size;
        if (stored !== size) {
          failure = new IncompleteBlobError(`the bucket holds ${stored} bytes of ${key}, ${size} were written`);
          throw failure;
        }
        sha256 = hasher.digest("hex");
      },
      async commit() {
        // Complete since `close()`: the object exists under its final key.
        if (failure || state !== "closed") throw failure ?? new Error("blob is not closed");
      },
      async discard() {
        if (state === "discarded") return;
        const wasOpen = state === "open";
        state = "discarded";
        if (wasOpen && !settled) controller.error(new Error("upload discarded"));
        await done;
        await client.delete(key).catch(() => {});
      },
    };
  }

  async sizeOf(id: string): Promise<number | null> {
    try {
      return (await this.client.stat(this.keyOf(id))).size;
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  /**
   * Streamed through this process with a ranged GET, never a redirect: `Response(s3File)` would
   * answer 302 to a presigned URL, which loses our headers (`Content-Disposition` with the UTF-8
   * name, the sandboxing CSP, `nosniff`), decides `Range` in the object store's way and needs a
   * bucket the browser can reach.
   */
  content(id: string, start: number, end: number): BlobContent {
    if (end <= start) return new Blob([]);
    return this.client.file(this.keyOf(id)).slice(start, end).stream();
  }

  /** One ranged GET, hashed as it streams in. */
  digest(id: string, start: number, end: number, options: { pace?: ReadPace; signal?: AbortSignal } = {}) {
    return digestOf(this.content(id, start, end), options.pace, options.signal);
  }

  async remove(id: string): Promise<void> {
    await this.client.delete(this.keyOf(id));
  }

  /**
   * Removes every object under the prefix that no row names and that is older than a day (by
   * the object's `lastModified`): an object is stored before its row is inserted, so a young
   * one may still be waiting for its row. Multipart uploads a crashed process left unfinished
   * are not objects; a bucket lifecycle rule (`AbortIncompleteMultipartUpload`) removes them.
   */
  async sweep(isReferenced: IsReferenced): Promise<SweepResult> {
    const stored = new Set<string>();
    const cutoff = this.now() - this.orphanAfterMs;
    let orphans = 0;
    for await (const objects of this.list()) {
      const known = await isReferenced(objects.map((object) => object.id));
      for (const object of objects) {
        stored.add(object.id);
        if (known.has(object.id) || !(object.modifiedMs <= cutoff)) continue;
        await this.client.delete(this.keyOf(object.id));
        orphans++;
      }
    }
    return { incoming: 0, orphans, stored };
  }

  /** The objects under the prefix, a page of the bucket's listing at a time. */
  async *list(): AsyncGenerator<ListedBlob[]> {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.list({ prefix: this.options.prefix, maxKeys: 1000, continuationToken });
      yield (page.contents ?? [])
        .map((object) => ({
          id: object.key.slice(this.options.prefix.length),
          size: object.size ?? 0,
          modifiedMs: object.lastModified ? Date.parse(String(object.lastModified)) : Number.NaN,
        }))
        .filter((object) => isBlobId(object.id));
      continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
    } while (continuationToken);
  }

  /** Nothing is received outside the bucket. */
  async sweepIncoming(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {}
}

/**
 * Whether the bucket answers with these credentials: null when it does, else why not. Run at
 * start, so that a wrong endpoint, bucket or key stops the start instead of the first upload.
 */
export async function bucketProblem(settings: S3Settings, timeoutMs = 10_000): Promise<string | null> {
  let timer: Timer | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs / 1000} s`), timeoutMs);
  });
  try {
    return await Promise.race([
      s3ClientOf(settings)
        .list({ maxKeys: 1 })
        .then(
          () => null,
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
