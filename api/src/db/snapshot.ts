/**
 * Whether a committed transaction's changes are in a snapshot, as PostgreSQL decides it
 * (`pg_visible_in_snapshot`): `snapshot` is `pg_current_snapshot()` as text, "xmin:xmax:xip,…",
 * read in the statement that read the answer; `tx` is the transaction's `pg_current_xact_id()`.
 * Before xmin: visible; from xmax on, or in progress then (listed): not. A kept answer uses it to
 * apply a change it heard exactly once: only when its own read did not already see it.
 */
export function visibleInSnapshot(tx: string, snapshot: string): boolean {
  const [xmin, xmax, inProgress = ""] = snapshot.split(":");
  if (xmin === undefined || xmax === undefined) throw new Error(`not a snapshot: ${snapshot}`);
  const id = BigInt(tx);
  if (id < BigInt(xmin)) return true;
  if (id >= BigInt(xmax)) return false;
  return !inProgress.split(",").some((listed) => listed !== "" && BigInt(listed) === id);
}
