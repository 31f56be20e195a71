import { afterAll, beforeAll, expect, test } from "bun:test";
import { S3BlobStore, s3ClientOf } from "../../src/storage/s3-blob-store.ts";
import { startTestS3, type TestS3 } from "../support/s3.ts";

/**
 * The S3 store checks each completed object's size with a HEAD right after the PUT, as S3's
 * read-after-write consistency allows. s3rver 3.7.1 answered the PUT before the file was written,
 * so under load that HEAD saw 0 bytes or no object and an invoice's issue failed (seen in CI);
 * patches/s3rver@3.7.1.patch makes it answer once the file is written. Before the patch this
 * failed in 4 of 6 runs on a loaded machine; small objects, several at once, staggered.
 */
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.stop());

test("every small object is whole when the bucket is asked right after its write", async () => {
  const store = new S3BlobStore(s3ClientOf(s3.settings), { prefix: "invoices/" });
  const failures: string[] = [];
  const writeOne = async (index: number) => {
    const bytes = new Uint8Array(39_899 + (index % 7)).fill(index % 251);
    const blob = store.create();
    try {
      await Bun.sleep((index * 7) % 5);
      await blob.write(bytes);
      await Bun.sleep((index * 3) % 4);
      await blob.close();
      expect(await store.sizeOf(blob.id)).toBe(bytes.length);
    } catch (error) {
      failures.push(String(error));
      await blob.discard();
    }
  };
  for (let round = 0; round < 40; round++) {
    await Promise.all(Array.from({ length: 8 }, (_, k) => writeOne(round * 8 + k)));
  }
  expect(failures).toEqual([]);
}, 120_000);
