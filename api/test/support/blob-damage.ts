import { utimes } from "node:fs/promises";
import { join } from "node:path";
import { type BlobArea, diskFolders } from "../../src/storage/configured-blob-store.ts";
import { s3ClientOf } from "../../src/storage/s3-blob-store.ts";
import type { TestS3 } from "./s3.ts";

/**
 * What goes wrong with a store behind the API's back, done past its interface: a bit rotting on
 * disk or in the bucket, an object deleted by hand, a blob no row names. For the scrub's tests.
 */
export interface BlobDamage {
  /** Inverts the byte at `at` of the stored blob (same size, same name). */
  flipByte(area: BlobArea, blobId: string, at: number): Promise<void>;
  /** Removes the stored blob. */
  remove(area: BlobArea, blobId: string): Promise<void>;
  /** Stores `bytes` as blob `blobId`, looking last written `ageMs` ago. */
  plant(area: BlobArea, blobId: string, bytes: Uint8Array, ageMs: number): Promise<void>;
}

export function blobDamage(where: { dataDir: string; s3: TestS3 | null }): BlobDamage {
  const { s3 } = where;
  if (s3) {
    const client = s3ClientOf(s3.settings);
    const key = (area: BlobArea, blobId: string) => `${area}/${blobId}`;
    return {
      async flipByte(area, blobId, at) {
        const bytes = new Uint8Array(await client.file(key(area, blobId)).arrayBuffer());
        bytes[at] = (bytes[at] ?? 0) ^ 0xff;
        await client.write(key(area, blobId), bytes);
      },
      async remove(area, blobId) {
        await client.delete(key(area, blobId));
      },
      async plant(area, blobId, bytes, ageMs) {
        await client.write(key(area, blobId), bytes);
        await s3.ageObject(key(area, blobId), new Date(Date.now() - ageMs));
      },
    };
  }
  const path = (area: BlobArea, blobId: string) => join(where.dataDir, diskFolders[area], blobId);
  return {
    async flipByte(area, blobId, at) {
      const bytes = new Uint8Array(await Bun.file(path(area, blobId)).arrayBuffer());
      bytes[at] = (bytes[at] ?? 0) ^ 0xff;
      await Bun.write(path(area, blobId), bytes);
    },
    async remove(area, blobId) {
      await Bun.file(path(area, blobId)).delete();
    },
    async plant(area, blobId, bytes, ageMs) {
      await Bun.write(path(area, blobId), bytes);
      const when = new Date(Date.now() - ageMs);
      await utimes(path(area, blobId), when, when);
    },
  };
}
