import { randomBytes } from "node:crypto";
import { readdir, readFile, rename, rm, stat, truncate, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createPrivateFile, createPrivateFileSync, makePrivateDir, privateFileMode } from "../lib/private-files.ts";
import { digestOfFile, newSha256, type ReadPace } from "./blob-digest.ts";
import {
  type BlobContent,
  type BlobStore,
  type IncomingBlob,
  type IsReferenced,
  isBlobId,
  type ListedBlob,
  newBlobId,
  type PendingBlob,
  type SweepResult,
  type WrittenBody,
} from "./blob-store.ts";
import { currentOwner, hasEnded, isProcessOwner } from "./process-owner.ts";

/**
 * Where blobs are written while they arrive, each receiving store in a folder of its own
 * (`.incoming/<instance>/`); the same file system, so the final rename is atomic.
 */
const incomingDirName = ".incoming";

/** An instance's folder in the incoming folder: 64 random bits in hex. */
const instancePattern = /^[0-9a-f]{16}$/;

/** In each instance's folder: who owns it, rewritten as the heartbeat. */
const ownerFileName = "owner.json";

export interface BlobStoreTiming {
  /** How often a receiving store renews its claim on its incoming folder. */
  heartbeatMs: number;
  /**
   * A claim not renewed for this long (by the shared volume's clock) belongs to a process that
   * is gone (or stopped), and so does a blob this old that no row names. Far above the
   * heartbeat: a busy process must never look gone.
   */
  staleAfterMs: number;
}

export const defaultBlobStoreTiming: BlobStoreTiming = { heartbeatMs: 10_000, staleAfterMs: 2 * 60_000 };

/** Bytes buffered before they are written out: few system calls, little memory. */
const bufferBytes = 1024 * 1024;

/**
 * Files of the file area on disk, under `root` (`DATA_DIR/blobs`). Names are random ids, never
 * user input, so no request can name a path outside the store.
 *
 * Any number of processes, on one machine or on several sharing the volume, may use one root.
 * Each store receives into an incoming folder of its own, which it claims with an owner file
 * (host, PID, start time) renewed every few seconds; a sweep removes only folders whose owner
 * has ended: at once when it ran on the sweeping machine and its process is gone, otherwise
 * once its claim has not been renewed for `staleAfterMs`. So no process removes an upload
 * another one is still receiving, and what a crash leaves goes with the next sweep.
 */
export class DiskBlobStore implements BlobStore {
  readonly kind = "disk";
  private readonly incomingRoot: string;
  private readonly instance = randomBytes(8).toString("hex");
  private readonly incomingDir: string;
  private ready: Promise<void> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(
    readonly root: string,
    private readonly timing: BlobStoreTiming = defaultBlobStoreTiming,
  ) {
    this.incomingRoot = join(root, incomingDirName);
    this.incomingDir = join(this.incomingRoot, this.instance);
  }

  /** The path of a stored blob; throws on anything that is not a blob id. */
  pathOf(id: string): string {
    if (!isBlobId(id)) throw new Error(`not a blob id: ${JSON.stringify(id)}`);
    return join(this.root, id);
  }

  /**
   * A file Bun sends itself (with `sendfile` where it can): a 1 GiB download costs no memory.
   */
  content(id: string, start: number, end: number): BlobContent {
    return Bun.file(this.pathOf(id)).slice(start, end);
  }

  digest(id: string, start: number, end: number, options: { pace?: ReadPace; signal?: AbortSignal } = {}) {
    return digestOfFile(this.pathOf(id), start, end, options.pace, options.signal);
  }

  /** Size of a stored blob, or null when it is missing. */
  async sizeOf(id: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(id));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  /**
   * Starts a new blob under a random name in the incoming folder, to be written piece by piece
   * (small or unsized uploads; large ones use `writeBody`); `prepare()` first. Written
   * through Bun's FileSink: on this machine twice the throughput of `fs.createWriteStream` and of
   * `fs.writeSync` (measured next to bench/upload.ts), with a 1 MiB buffer it flushes by itself.
   * Moving the writes off the request's thread was slower still, in an upload of 1 GiB beside
   * this sink: `FileHandle.write` of 1 MiB pieces, three at a time, 2.5x the time; a Worker
   * writing through its own FileSink, 2.8x.
   */
  create(id?: string): PendingBlob {
    const incoming = this.newIncoming(id);
    // The sink takes no mode: it keeps the one the file was created with.
    createPrivateFileSync(incoming.path);
    const sink = Bun.file(incoming.path).writer({ highWaterMark: bufferBytes });
    const hasher = newSha256();
    let size = 0;
    let sha256: string | null = null;
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await sink.end();
      sha256 = hasher.digest("hex");
    };
    return {
      id: incoming.id,
      get size() {
        return size;
      },
      get sha256() {
        return sha256;
      },
      write(bytes) {
        hasher.update(bytes);
        sink.write(bytes);
        size += bytes.length;
      },
      close,
      commit: incoming.commit,
      async discard() {
        await close().catch(() => {});
        await incoming.discard();
      },
    };
  }

  /**
   * Writes a request's whole body to a new blob in the incoming folder through Bun's native
   * request-to-file path: no JavaScript per chunk and ~3 MB of memory for 1 GiB. On this machine
   * 0.7-0.8x the time of reading the same body chunk by chunk into a FileSink (1 GiB, side by
   * side). A body that breaks off rejects (the partial blob is removed); `prepare()` first.
   */
  readonly writeBody = async (request: Request): Promise<WrittenBody> => {
    const incoming = this.newIncoming();
    let size: number;
    try {
      await createPrivateFile(incoming.path);
      size = await Bun.write(incoming.path, request);
    } catch (error) {
      await incoming.discard();
      throw error;
    }
    return {
      ...incoming,
      get size() {
        return size;
      },
      read: async (start, end) => new Uint8Array(await Bun.file(incoming.path).slice(start, end).arrayBuffer()),
      async truncate(length) {
        await truncate(incoming.path, length);
        size = length;
      },
      // Read back once written: Bun's native path hands no byte to JavaScript on the way in.
      sha256: async (start, end) => (await digestOfFile(incoming.path, start, end)).sha256,
    };
  };

  /** A new random id, its path in the incoming folder, and the two ways out of that folder. */
  private newIncoming(id = newBlobId()): IncomingBlob & { path: string } {
    const path = join(this.incomingDir, `${id}.part`);
    const finalPath = this.pathOf(id);
    let committed = false;
    return {
      id,
      path,
      async commit() {
        await rename(path, finalPath);
        committed = true;
      },
      discard: () => rm(committed ? finalPath : path, { force: true }),
    };
  }

  /** Deletes a stored blob; a blob that is already gone is fine. */
  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }

  /** The blobs in the store's folder, with their size and modification time, a thousand at a time. */
  async *list(): AsyncGenerator<ListedBlob[]> {
    const ids = (await readdir(this.root).catch(() => [] as string[])).filter(isBlobId);
    for (let start = 0; start < ids.length; start += 1000) {
      const page: ListedBlob[] = [];
      for (const id of ids.slice(start, start + 1000)) {
        const info = await stat(this.pathOf(id)).catch(() => null);
        if (info?.isFile()) page.push({ id, size: info.size, modifiedMs: info.mtimeMs });
      }
      yield page;
    }
  }

  /**
   * Removes what crashes left behind: the incoming folders of stores whose owner has ended (see
   * the class), and every blob `isReferenced` does not know that is older than `staleAfterMs`
   * (a blob moved into place a moment ago may still be waiting for its row). Run at start,
   * before the server accepts uploads; safe while other processes receive.
   */
  async sweep(isReferenced: IsReferenced): Promise<SweepResult> {
    const incoming = await this.sweepIncoming();
    const now = await this.volumeNow();
    const stored = (await readdir(this.root)).filter(isBlobId);
    let orphans = 0;
    const storedIds = new Set(stored);
    // In batches: a store of many files needs no query with an unbounded parameter list.
    for (let start = 0; start < stored.length; start += 1000) {
      const batch = stored.slice(start, start + 1000);
      const known = await isReferenced(batch);
      for (const id of batch) {
        if (known.has(id) || !(await this.isOlderThanStale(this.pathOf(id), now))) continue;
        await unlink(this.pathOf(id)).catch(() => {});
        orphans++;
      }
    }
    return { incoming, orphans, stored: storedIds };
  }

  /**
   * Removes the incoming folders whose owner has ended and whatever else in the incoming folder
   * is not a live store's (a half-made folder, an older version's `.part` files) once it is
   * stale; returns how many files went. Cheap: run every few minutes, so that what a process on
   * another machine left is gone soon after its claim runs out.
   */
  async sweepIncoming(): Promise<number> {
    await makePrivateDir(this.incomingRoot);
    const now = await this.volumeNow();
    let removed = 0;
    for (const name of await readdir(this.incomingRoot)) {
      if (name === this.instance) continue;
      const path = join(this.incomingRoot, name);
      if (!(await this.isAbandoned(path, name, now))) continue;
      removed += await countFiles(path);
      await rm(path, { force: true, recursive: true });
    }
    return removed;
  }

  private async isAbandoned(path: string, name: string, now: number): Promise<boolean> {
    if (instancePattern.test(name)) {
      const owner = await readFile(join(path, ownerFileName), "utf8")
        .then((text) => JSON.parse(text) as unknown)
        .catch(() => null);
      if (!isProcessOwner(owner)) return this.isOlderThanStale(path, now);
      const ended = hasEnded(owner);
      // On another machine (or container) only the claim's age can tell.
      return ended ?? this.isOlderThanStale(join(path, ownerFileName), now);
    }
    return this.isOlderThanStale(path, now);
  }

  /** Whether `path` was last written `staleAfterMs` before `now` (the volume's clock) or earlier. */
  private async isOlderThanStale(path: string, now: number): Promise<boolean> {
    const info = await stat(path).catch(() => null);
    return info !== null && now - info.mtimeMs >= this.timing.staleAfterMs;
  }

  /**
   * The shared volume's clock: the modification time of a file written now. Another machine's
   * heartbeat is stamped by the volume's clock too, so the clocks of the machines do not matter.
   */
  private async volumeNow(): Promise<number> {
    const probe = join(this.incomingRoot, `.clock-${randomBytes(8).toString("hex")}`);
    await writeFile(probe, "", { mode: privateFileMode });
    try {
      return (await stat(probe)).mtimeMs;
    } finally {
      await rm(probe, { force: true });
    }
  }

  /**
   * Creates this store's incoming folder with its owner file, once (again after a failure), and
   * starts renewing the claim. The folder appears whole: made under another name, then renamed.
   */
  prepare(): Promise<void> {
    this.ready ??= (async () => {
      await makePrivateDir(this.incomingRoot);
      const making = join(this.incomingRoot, `.${this.instance}.new`);
      await makePrivateDir(making);
      await this.writeOwner(making);
      await rename(making, this.incomingDir);
      this.heartbeat ??= setInterval(() => {
        this.writeOwner(this.incomingDir).catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") {
            // Removed under us (by hand, or a sweep that took this process for gone): the next
            // upload makes the folder again instead of writing into nothing; said once, not per beat.
            this.forgetIncoming();
            console.error(`[api] the incoming folder ${this.incomingDir} is gone; the next upload makes it again`);
            return;
          }
          console.error(`[api] could not renew the claim on ${this.incomingDir}:`, error);
        });
      }, this.timing.heartbeatMs);
      // The claim must not keep a process alive that has nothing else to do.
      this.heartbeat.unref();
    })();
    // A failed mkdir (disk full, permissions) is retried by the next call instead of cached.
    this.ready.catch(() => {
      this.ready = null;
    });
    return this.ready;
  }

  private forgetIncoming(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.ready = null;
  }

  /** Written, not touched: the volume stamps the time (see `volumeNow`). */
  private writeOwner(dir: string): Promise<void> {
    return writeFile(join(dir, ownerFileName), JSON.stringify(currentOwner()), { mode: privateFileMode });
  }

  /** Stops the claim and removes this store's incoming folder (at shutdown, after the last upload). */
  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    await rm(this.incomingDir, { force: true, recursive: true });
    this.ready = null;
  }
}

/** How many files are in `path` and below it (1 for a file). */
async function countFiles(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info?.isDirectory()) return info ? 1 : 0;
  const entries = await readdir(path, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && entry.name !== ownerFileName).length;
}
