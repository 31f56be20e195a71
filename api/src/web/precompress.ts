import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing. Source maps are left out: only developers fetch them. */
const compressible = new Set([".js", ".mjs", ".cjs", ".css", ".html", ".json", ".svg", ".txt"]);
/** Below this the headers outweigh the saving. */
const minBytes = 1024;

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `data` to `path` when it is smaller than the original, else removes a stale `path`. */
async function writeIfSmaller(path: string, data: Buffer, originalSize: number): Promise<number> {
  if (data.length < originalSize) {
    await writeFile(path, data);
    return data.length;
  }
  await rm(path, { force: true });
  return 0;
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file over 1 KB under `dir` (recursive), at
 * the strongest settings: this runs once per build, the server then only picks a file. Stale
 * siblings of files that no longer qualify are removed.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of await listFiles(dir)) {
    if (!compressible.has(extname(file).toLowerCase())) continue;
    const data = await readFile(file);
    if (data.length <= minBytes) {
      await rm(`${file}.br`, { force: true });
      await rm(`${file}.gz`, { force: true });
      continue;
    }
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    summary.files += 1;
    summary.bytes += data.length;
    summary.brotliBytes += await writeIfSmaller(`${file}.br`, br, data.length);
    summary.gzipBytes += await writeIfSmaller(`${file}.gz`, gz, data.length);
  }
  return summary;
}
