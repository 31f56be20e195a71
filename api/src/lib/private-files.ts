// Files and folders the product keeps (the embedded database, the JWT secret, blobs, backup sets)
// are its owner's only: another account on the same machine may neither read nor change them.
import {
  chmodSync,
  closeSync,
  type Dirent,
  fchmodSync,
  lstatSync,
  openSync,
  readdirSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { mkdir, open } from "node:fs/promises";
import { join } from "node:path";

/** Group and others get no bit of what this process creates. */
export const privateUmask = 0o077;
export const privateFileMode = 0o600;
export const privateDirMode = 0o700;

/**
 * The process's umask (shared by its workers, so the embedded database's too): from here on a
 * file is created 0600 and a folder 0700 even where no mode is given. Called first by every entry
 * point, through `private-umask.ts`.
 */
export function restrictNewFiles(): void {
  process.umask(privateUmask);
}

/**
 * `mkdir -p` with new folders 0700. A mode the umask can only narrow: explicit, so that a library
 * that resets the umask does not open them up.
 */
export async function makePrivateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: privateDirMode });
}

/**
 * An empty file 0600 at `path` (emptied if it is there), for writers that take no mode
 * (`Bun.write` of a stream or request, a FileSink): they keep the mode of a file that exists.
 */
export async function createPrivateFile(path: string): Promise<void> {
  const handle = await open(path, "w", privateFileMode);
  try {
    await handle.chmod(privateFileMode);
  } finally {
    await handle.close();
  }
}

/** `createPrivateFile` for a caller that cannot wait (a blob begun within a request's handler). */
export function createPrivateFileSync(path: string): void {
  const fd = openSync(path, "w", privateFileMode);
  try {
    fchmodSync(fd, privateFileMode);
  } finally {
    closeSync(fd);
  }
}

/**
 * Left in a folder once everything in it was closed: a later start closes only the folder itself.
 * What the product writes after that is created owner-only, so walking a store of many files on
 * every start would cost seconds for nothing (100 000 files: about 1 s to look at, 4.5 s to change).
 */
export const closedMarkerName = ".owner-only";

export interface ClosedTree {
  /** Files and folders whose group or other bits were taken away. */
  changed: number;
  /** Entries that could not be changed (not ours, say), the first few named. */
  failed: string[];
  /** The whole tree was walked (no marker yet). */
  walked: boolean;
}

/**
 * Takes the group and other bits from `root` and, unless its marker says this was done, from the
 * entries `names` in it and everything below them (symbolic links are neither followed nor
 * changed); then leaves the marker. Only the product's own entries: a `DATA_DIR` set by mistake to
 * a shared folder must not have its other contents changed. Null when `root` does not exist.
 * Synchronous: it runs at start, before the process serves anything, where the synchronous calls
 * are several times faster.
 */
export function closeTree(root: string, names: readonly string[]): ClosedTree | null {
  const result: ClosedTree = { changed: 0, failed: [], walked: false };
  let rootMode: number;
  try {
    rootMode = statSync(root).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    noteFailure(result, root, error);
    return result;
  }
  closeOne(root, rootMode, result);
  const marker = join(root, closedMarkerName);
  if (exists(marker)) return result;
  result.walked = true;
  const folders: string[] = [];
  const visit = (path: string) => {
    try {
      const info = lstatSync(path);
      if (info.isSymbolicLink()) return;
      closeOne(path, info.mode, result);
      if (info.isDirectory()) folders.push(path);
    } catch (error) {
      // Another process of the deployment may remove what it was receiving meanwhile.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") noteFailure(result, path, error);
    }
  };
  for (const name of names) visit(join(root, name));
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") noteFailure(result, folder, error);
      continue;
    }
    for (const entry of entries) if (!entry.isSymbolicLink()) visit(join(folder, entry.name));
  }
  if (result.failed.length > 0) return result;
  try {
    writeFileSync(
      marker,
      "Every file and folder the product keeps here was made readable by its owner only; new ones\n" +
        "are created so. Delete this file to have the next start look at all of them again.\n",
      { mode: privateFileMode },
    );
  } catch (error) {
    noteFailure(result, marker, error);
  }
  return result;
}

function closeOne(path: string, mode: number, result: ClosedTree): void {
  if ((mode & 0o077) === 0) return;
  try {
    chmodSync(path, mode & 0o7700);
    result.changed++;
  } catch (error) {
    noteFailure(result, path, error);
  }
}

const namedFailures = 5;

function noteFailure(result: ClosedTree, path: string, error: unknown): void {
  if (result.failed.length < namedFailures) {
    result.failed.push(`${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  } else if (result.failed.length === namedFailures) {
    result.failed.push("…");
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** A folder the product keeps (`DATA_DIR`, `BACKUP_DIR`), and the entries in it that are its own. */
export interface PrivateFolder {
  label: string;
  path: string;
  entries: readonly string[];
}

/**
 * At the start of the API and of every command: the product's folders closed to other accounts,
 * with everything an older version left readable in them (see `closeTree`). A folder or file that
 * cannot be changed is reported, not fatal: the product still runs.
 */
export function closePrivateFolders(
  folders: readonly PrivateFolder[],
  log: (line: string) => void,
  warn: (line: string) => void,
): void {
  for (const { label, path, entries } of folders) {
    const closed = closeTree(path, entries);
    if (closed === null) continue;
    if (closed.changed > 0) {
      log(
        `made ${closed.changed} file(s) and folder(s) in ${label} (${path}) readable by their owner only` +
          (closed.walked ? " (once, for what an older version wrote)" : ""),
      );
    }
    if (closed.failed.length > 0) {
      warn(
        `could not make everything in ${label} (${path}) readable by its owner only; ` +
          `another account on this machine may read it: ${closed.failed.join(", ")}`,
      );
    }
  }
}
