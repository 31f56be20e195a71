import type { Config } from "../../api/src/config.ts";
import type { Sql } from "../../api/src/db/open.ts";
import { fileBlobStore } from "../../api/src/modules/files/blobs.ts";

const mebibyte = 1024 * 1024;
/** Each seeded file's size in MiB. */
export const fileMiB = 16;

/** `mib` of files (16 MiB each, bytes that differ) through the store, with their rows; returns how many. */
export async function seedStoredFiles(
  sql: Sql,
  config: Pick<Config, "dataDir" | "blobStore">,
  mib: number,
): Promise<number> {
  const store = fileBlobStore(config);
  await store.prepare();
  const piece = new Uint8Array(mebibyte);
  let files = 0;
  for (let written = 0; written < mib; written += fileMiB, files++) {
    const blob = store.create();
    for (let at = 0; at < fileMiB; at++) {
      crypto.getRandomValues(piece.subarray(0, 65536));
      piece.copyWithin(65536, 0, mebibyte - 65536);
      piece[0] = at;
      await blob.write(piece);
    }
    await blob.close();
    await blob.commit();
    await sql`
      insert into files (original_name, mime_type, size, blob_id, sha256, uploader_name)
      values (${`Bench ${files}.bin`}, 'application/octet-stream', ${blob.size}, ${blob.id}, ${blob.sha256}, 'Bench')`;
  }
  await store.close();
  return files;
}
