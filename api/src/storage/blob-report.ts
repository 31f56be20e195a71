import type { BlobStore, IsReferenced, SweepResult } from "./blob-store.ts";

/** What the start-up sweep found that it cannot fix: rows whose blob is not stored. */
export interface BlobReport {
  /** Per store (`files`, `invoices`): the blob ids rows name that the store does not hold. */
  missing: Record<string, string[]>;
}

export function emptyBlobReport(): BlobReport {
  return { missing: {} };
}

export interface SweepAndCheck extends SweepResult {
  /** Blob ids rows name that the store does not hold. */
  missing: string[];
}

/**
 * The sweep, then every row's blob looked up among those it found stored. A row inserted while
 * the sweep listed the store may name a blob stored after the listing passed it: each one not
 * found is asked for once more before it counts as missing.
 */
export async function sweepAndCheck(
  store: BlobStore,
  isReferenced: IsReferenced,
  referencedIds: () => AsyncIterable<string[]>,
): Promise<SweepAndCheck> {
  const swept = await store.sweep(isReferenced);
  const missing: string[] = [];
  for await (const ids of referencedIds()) {
    for (const id of ids) {
      if (swept.stored.has(id)) continue;
      if ((await store.sizeOf(id)) === null) missing.push(id);
    }
  }
  return { ...swept, missing };
}
