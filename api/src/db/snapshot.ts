/** `pg_current_snapshot()` as numbers: which transactions a statement saw as committed. */
export interface Snapshot {
  xmin: bigint;
  xmax: bigint;
  inProgress: readonly bigint[];
}

/** A snapshot from its text, "xmin:xmax:xip,…" (read once with an answer, then asked many times). */
export function parseSnapshot(text: string): Snapshot {
  const [xmin, xmax, inProgress = ""] = text.split(":");
  if (xmin === undefined || xmax === undefined) throw new Error(`not a snapshot: ${text}`);
  const listed = inProgress === "" ? [] : inProgress.split(",").map(BigInt);
  return { xmin: BigInt(xmin), xmax: BigInt(xmax), inProgress: listed };
}

/**
 * Whether a committed transaction's changes are in a snapshot, as PostgreSQL decides it
 * (`pg_visible_in_snapshot`): `tx` is the transaction's `pg_current_xact_id()`. Before xmin:
 * visible; from xmax on, or in progress then (listed): not. A kept answer uses it to apply a
 * change it heard exactly once: only when its own read did not already see it.
 */
export function visibleInSnapshot(tx: bigint, { xmin, xmax, inProgress }: Snapshot): boolean {
  if (tx < xmin) return true;
  if (tx >= xmax) return false;
  return !inProgress.includes(tx);
}
