import postgres from "postgres";

/**
 * Group commit: saves that arrive while an earlier one is being written wait for it and are then
 * written together, as one statement and so one transaction (one commit, one WAL flush, one
 * hand-off of each lock the writes take): the staff's creates queued at their commits
 * (docs/decisions/0031-customer-creates-group-commit.md).
 */
export interface GroupCommitOptions<Item, Result> {
  /** Under which name `groupCommitStats()` reports it (unnamed: counted, not reported). */
  name?: string;
  /** At most this many items are written together; the rest wait for the next batch. */
  maxBatch: number;
  /**
   * Writes 1 to `maxBatch` items in ONE transaction and resolves once it has committed, with one
   * result per item in the items' order. Everything the callers must find done before their
   * answers (e.g. announcing the change to this process's caches) is done before it resolves.
   */
  write(items: Item[]): Promise<Result[]>;
}

/** What each named group commit did since the process started (diagnostics, benches, tests). */
export interface GroupCommitStats {
  /** Transactions written: batches, items alone among them, and the reruns of refused batches. */
  batches: number;
  /** Items written (or refused), each counted once however often it was sent. */
  items: number;
  /** Batches of several items the database refused, whose items were then written one by one. */
  refused: number;
  /** Items waiting now for the batch under way to end. */
  waiting: number;
}

const statsByName = new Map<string, GroupCommitStats>();

/** Every named group commit's counts in this process (those of one name, e.g. in two apps, add up). */
export function groupCommitStats(): Record<string, GroupCommitStats> {
  return Object.fromEntries([...statsByName].map(([name, stats]) => [name, { ...stats }]));
}

/**
 * Whether a batch's failure means the database refused its statement and rolled the transaction
 * back, so its items can be written again: an error the server answered the statement with
 * (severity ERROR, not localized). A lost connection or a FATAL error (a terminated backend)
 * can come after the commit: those items are never written again, they could be saved twice.
 */
export function rolledBack(error: unknown): boolean {
  return error instanceof postgres.PostgresError && error.severity === "ERROR";
}

interface Waiter<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Submitted items are written one batch at a time. An item submitted while nothing is being
 * written goes at once, alone (no timer: a lone save never waits); those submitted while a batch
 * is being written wait for it and go together as the next batch, up to `maxBatch`.
 *
 * A batch the database refuses (`rolledBack`) is written again one item at a time, so only the
 * caller whose item it refuses gets the error and the others are saved. Any other failure of a
 * batch fails all its callers.
 */
export class GroupCommit<Item, Result> {
  private readonly stats: GroupCommitStats;
  private readonly queue: Waiter<Item, Result>[] = [];
  private writing = false;

  constructor(private readonly options: GroupCommitOptions<Item, Result>) {
    if (!Number.isInteger(options.maxBatch) || options.maxBatch < 1) throw new Error("maxBatch must be at least 1");
    const stats = (options.name && statsByName.get(options.name)) || { batches: 0, items: 0, refused: 0, waiting: 0 };
    if (options.name) statsByName.set(options.name, stats);
    this.stats = stats;
  }

  /** The item's result once its transaction has committed; its error if it was not saved (or may not have been). */
  submit(item: Item): Promise<Result> {
    const { promise, resolve, reject } = Promise.withResolvers<Result>();
    this.queue.push({ item, resolve, reject });
    this.stats.waiting++;
    if (!this.writing) this.writeNext();
    return promise;
  }

  private writeNext(): void {
    const batch = this.queue.splice(0, this.options.maxBatch);
    this.writing = batch.length > 0;
    if (!this.writing) return;
    this.stats.waiting -= batch.length;
    this.stats.items += batch.length;
    void this.write(batch).finally(() => this.writeNext());
  }

  /** Never rejects: each caller gets its result or its error. */
  private async write(batch: Waiter<Item, Result>[]): Promise<void> {
    this.stats.batches++;
    let results: Result[];
    try {
      results = await this.options.write(batch.map((waiter) => waiter.item));
      if (results.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} was written with ${results.length} results`);
      }
    } catch (error) {
      if (batch.length > 1 && rolledBack(error)) {
        this.stats.refused++;
        for (const waiter of batch) await this.write([waiter]);
        return;
      }
      for (const waiter of batch) waiter.reject(error);
      return;
    }
    for (const [index, waiter] of batch.entries()) waiter.resolve(results[index] as Result);
  }
}
