import { randomBytes } from "node:crypto";
import { readdir, rename, rm, stat, statfs } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import type { S3Client } from "bun";
import type { BackupTargetConfig } from "../config.ts";
import { createPrivateFile, makePrivateDir } from "../lib/private-files.ts";
import { isMissingObject, s3ClientOf } from "../storage/s3-blob-store.ts";

/**
 * Where backup sets are kept: a folder (`BACKUP_DIR`) or a bucket (`BACKUP_S3_*`), seen as keys
 * such as `sets/<set>/manifest.json` and `blobs/<sha256>`. A key appears whole or not at all (a
 * folder's file is written beside it and renamed; a bucket's object exists once its upload
 * completed), so a set whose manifest is there is complete.
 */
export interface BackupTarget {
  /** For messages: the folder's path or `s3://bucket`. */
  readonly description: string;
  /** Size of a stored key, or null when there is none. */
  sizeOf(key: string): Promise<number | null>;
  /** Stores the stream under `key`, replacing what was there. */
  write(key: string, content: ReadableStream<Uint8Array> | Blob | string): Promise<void>;
  /** The bytes under `key` (an error when there are none). */
  read(key: string): ReadableStream<Uint8Array>;
  /** The text under `key`, or null when there is none. */
  readText(key: string): Promise<string | null>;
  /** Every key that starts with `prefix`, in pages. */
  list(prefix: string): AsyncGenerator<string[]>;
  /** Removes `key`; a key already gone is fine. */
  remove(key: string): Promise<void>;
  /**
   * Bytes a new set may still take: a folder's free space for unprivileged writers; null for a
   * bucket, which has no free space to measure (its quota, if any, is the provider's).
   */
  freeBytes(): Promise<number | null>;
}

export function backupTargetFor(config: BackupTargetConfig): BackupTarget {
  return config.kind === "s3"
    ? new S3BackupTarget(s3ClientOf(config.s3), config.s3.bucket)
    : new DiskBackupTarget(config.dir);
}

/** Keys are made here, never from user input; still, none may leave the folder. */
function checkKey(key: string): string {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split("/").includes("..")) {
    throw new Error(`not a backup key: ${JSON.stringify(key)}`);
  }
  return key;
}

export class DiskBackupTarget implements BackupTarget {
  constructor(readonly root: string) {}

  get description(): string {
    return this.root;
  }

  private pathOf(key: string): string {
    return join(this.root, checkKey(key));
  }

  async sizeOf(key: string): Promise<number | null> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info?.isFile() ? info.size : null;
  }

  async write(key: string, content: ReadableStream<Uint8Array> | Blob | string): Promise<void> {
    const path = this.pathOf(key);
    // Sets hold every password hash and all business data: 0700 folders, 0600 files, whatever the umask.
    await makePrivateDir(dirname(path));
    const part = `${path}.${randomBytes(6).toString("hex")}.part`;
    try {
      await createPrivateFile(part);
      if (content instanceof ReadableStream) await Bun.write(part, new Response(content));
      else await Bun.write(part, content);
      await rename(part, path);
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
  }

  read(key: string): ReadableStream<Uint8Array> {
    return Bun.file(this.pathOf(key)).stream();
  }

  async readText(key: string): Promise<string | null> {
    const file = Bun.file(this.pathOf(key));
    return (await file.exists()) ? file.text() : null;
  }

  async *list(prefix: string): AsyncGenerator<string[]> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    const keys = entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith(".part"))
      .map((entry) => relative(this.root, join(entry.parentPath, entry.name)).split("\\").join("/"))
      .filter((key) => key.startsWith(prefix))
      .sort();
    for (let start = 0; start < keys.length; start += 1000) yield keys.slice(start, start + 1000);
  }

  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    // An emptied set folder goes too (blobs/ and sets/ stay).
    const folder = dirname(path);
    if (relative(this.root, folder).includes("/")) await rm(folder, { recursive: false }).catch(() => {});
  }

  async freeBytes(): Promise<number | null> {
    // BACKUP_DIR is made by the first set: until then its nearest folder that exists has the same disk.
    let folder = this.root;
    for (;;) {
      const info = await statfs(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" && dirname(folder) !== folder) return null;
        throw error;
      });
      if (info) return info.bavail * info.bsize;
      folder = dirname(folder);
    }
  }
}

/** Sets in a bucket through Bun's S3 client, as the file store uses it (`s3-blob-store.ts`). */
export class S3BackupTarget implements BackupTarget {
  constructor(
    readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  get description(): string {
    return `s3://${this.bucket}`;
  }

  async sizeOf(key: string): Promise<number | null> {
    try {
      return (await this.client.stat(checkKey(key))).size;
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async write(key: string, content: ReadableStream<Uint8Array> | Blob | string): Promise<void> {
    // 16 MiB parts: a 2 GiB file takes 128 of S3's 10 000; one in flight keeps memory flat.
    await this.client.write(checkKey(key), content instanceof ReadableStream ? new Response(content) : content, {
      partSize: 16 * 1024 * 1024,
      queueSize: 1,
      type: "application/octet-stream",
    });
  }

  read(key: string): ReadableStream<Uint8Array> {
    return this.client.file(checkKey(key)).stream();
  }

  async readText(key: string): Promise<string | null> {
    try {
      return await this.client.file(checkKey(key)).text();
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async *list(prefix: string): AsyncGenerator<string[]> {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.list({ prefix, maxKeys: 1000, continuationToken });
      yield (page.contents ?? []).map((object) => object.key);
      continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
    } while (continuationToken);
  }

  async remove(key: string): Promise<void> {
    await this.client.delete(checkKey(key));
  }

  async freeBytes(): Promise<null> {
    return null;
  }
}
