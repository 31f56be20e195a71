import { createHash, randomUUID } from "node:crypto";
import { appendFile, mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Queries, Sql, Transaction } from "../../db/open.ts";
import { privateDirMode, privateFileMode } from "../../lib/private-files.ts";
import { type BlobStore, isBlobId } from "../../storage/blob-store.ts";
import { type BlobArea, blobAreaNames } from "../../storage/configured-blob-store.ts";
import { addressHash, withoutAddress } from "./address.ts";

export { addressHash };

/**
 * The erasure ledger (docs/decisions/0058-erasure-ledger.md): every erasure writes one entry in the
 * transaction that erases, naming which rows of which tables and which blobs went, with only a
 * hash of the person's address. It lives in three places so that a restore of a set taken before
 * an erasure still knows of it: the database's `erasure_ledger` (it travels with every later set),
 * a copy appended to `DATA_DIR/erasure-ledger.jsonl` (outside every set, kept by a restore), and
 * the database a restore replaces (read before the swap). A restore and the drill merge all of
 * them, refuse a damaged entry, and replay every entry on the restored copy before it serves.
 */

/** A person's request, a retention period that ended, or a file-area deletion purged from the Papierkorb (0098). */
export type ErasureReason = "request" | "retention" | "trash";
const erasureReasons: readonly string[] = ["request", "retention", "trash"] satisfies ErasureReason[];

/** Rows of one table that went: deleted, or with `set` kept and these columns overwritten. */
export interface ErasedRows {
  table: string;
  ids: number[];
  set?: Record<string, string | null>;
}

/**
 * A row kept because a law requires it, hidden until `until` (Art. 18 DSGVO; migration 034):
 * replayed by adding the restriction again where the copy holds the row but not the restriction.
 */
export interface RestrictedRow {
  table: "invoices";
  id: number;
  /** The last day of the retention period, `yyyy-mm-dd`. */
  until: string;
}

/**
 * A row of someone else that kept its data but lost a mention of the person (issue 45): in these
 * columns every whole address whose hash is the entry's `addressSha256` was replaced by
 * „(E-Mail-Adresse entfernt)“. The entry keeps no text, so a replay finds the address by its hash.
 */
export interface ScrubbedRow {
  table: string;
  id: number;
  columns: string[];
}

export interface ErasedBlob {
  area: BlobArea;
  id: string;
}

/** What the code erasing says: the ledger adds the id, the time, the hash and the checksum. */
export interface ErasureInput {
  reason: ErasureReason;
  /** The person's address (only its hash is kept), or null when none is known. */
  address: string | null;
  caseId?: number | null;
  rows: ErasedRows[];
  blobs?: ErasedBlob[];
  restricted?: RestrictedRow[];
  scrubbed?: ScrubbedRow[];
  at?: Date;
}

export interface LedgerEntry {
  id: string;
  /** ISO 8601 with milliseconds. */
  erasedAt: string;
  reason: ErasureReason;
  addressSha256: string | null;
  caseId: number | null;
  rows: ErasedRows[];
  blobs: ErasedBlob[];
  /** Present only when the entry restricted rows: entries without keep their shape and checksum. */
  restricted?: RestrictedRow[];
  /** Present only when the entry removed mentions (migration 037): older entries keep their checksum. */
  scrubbed?: ScrubbedRow[];
  /** SHA-256 (hex) of every other field in a fixed order (`entryChecksum`). */
  sha256: string;
}

/** What a replay did to a restored copy. */
export interface ReplayCounts {
  /** Entries replayed (every entry of the merged ledger). */
  entries: number;
  /** Entries that still found rows or blobs in the set. */
  effective: number;
  rows: number;
  blobs: number;
  /** Restrictions the entries name. */
  restrictions: number;
  /** Of those, the ones the copy lacked and got again. */
  restrictionsApplied: number;
  /** Mentions of a person removed again from other people's rows. */
  mentions: number;
}

export const ledgerFileName = "erasure-ledger.jsonl";

/** What the operator reads when the ledger cannot be trusted or replayed (restore, drill). */
export const ledgerMessages = {
  damaged: (where: string, problem: string) =>
    `Das Löschprotokoll ist beschädigt (${where}): ${problem}. Ohne ein vollständiges Löschprotokoll ` +
    "würden gelöschte personenbezogene Daten mit der Sicherung zurückkehren; die Wiederherstellung bricht ab. " +
    `Den Eintrag aus einer Kopie des Löschprotokolls (${ledgerFileName} in DATA_DIR oder die Tabelle erasure_ledger) wiederherstellen.`,
  lineNotJson: (line: number) => `Zeile ${line} ist kein JSON`,
  lineNotEntry: (line: number, problem: string) => `Zeile ${line} ist kein gültiger Eintrag (${problem})`,
  rowNotEntry: (id: string, problem: string) => `Eintrag ${id} ist ungültig (${problem})`,
  checksum: (id: string) => `Eintrag ${id} stimmt nicht mit seiner Prüfsumme überein`,
  conflicting: (id: string, first: string, second: string) =>
    `Eintrag ${id} lautet in ${first} anders als in ${second}`,
  fileSource: (path: string) => `Datei ${path}`,
  databaseSource: (which: string) => `Tabelle erasure_ledger ${which}`,
  notReplayed: (id: string, reason: string) =>
    `Die Löschung ${id} aus dem Löschprotokoll ließ sich auf der Sicherung nicht nachspielen: ${reason}`,
  unreadableTarget: (reason: string, path: string) =>
    `Das Löschprotokoll der bisherigen Datenbank ließ sich nicht lesen (${reason}); es gilt die Kopie in ${path}.`,
  replayed: (counts: ReplayCounts) =>
    `Löschprotokoll: ${counts.entries} ${counts.entries === 1 ? "Löschung" : "Löschungen"} nachgespielt` +
    (counts.effective > 0
      ? `, ${counts.effective} davon fanden noch Daten in der Sicherung (${counts.rows} Zeilen und ${counts.blobs} Dateien erneut gelöscht)`
      : ", keine fand noch Daten in der Sicherung") +
    (counts.restrictions > 0
      ? `; ${counts.restrictions} ${counts.restrictions === 1 ? "Einschränkung" : "Einschränkungen"} nachgespielt, ${counts.restrictionsApplied} davon in der Sicherung erneut gesetzt`
      : "") +
    (counts.mentions > 0
      ? `; ${counts.mentions} ${counts.mentions === 1 ? "Erwähnung" : "Erwähnungen"} in Datensätzen anderer Personen erneut entfernt`
      : ""),
};

/** A damaged or contradictory ledger: the restore stops with this message. */
export class LedgerError extends Error {
  override name = "LedgerError";
}

/** The tables an entry may never name: the ledger itself, the trail and the schema. */
const protectedTables = new Set(["erasure_ledger", "audit_events", "audit_chain", "schema_migrations"]);
const identifier = /^[a-z_][a-z0-9_]{0,62}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sha256Hex = /^[0-9a-f]{64}$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The checksum over every field but itself, independent of how JSON or jsonb orders keys. */
export function entryChecksum(entry: Omit<LedgerEntry, "sha256">): string {
  const fields: unknown[] = [
    1,
    entry.id,
    entry.erasedAt,
    entry.reason,
    entry.addressSha256,
    entry.caseId,
    entry.rows.map((rows) => [
      rows.table,
      rows.ids,
      rows.set
        ? Object.keys(rows.set)
            .sort()
            .map((column) => [column, rows.set?.[column] ?? null])
        : null,
    ]),
    entry.blobs.map((blob) => [blob.area, blob.id]),
  ];
  // Only entries that restricted carry the field: those written before it keep their checksum.
  if (entry.restricted && entry.restricted.length > 0)
    fields.push(entry.restricted.map((row) => [row.table, row.id, row.until]));
  // Tagged, so that an entry with mentions but no restriction cannot read as one with a restriction.
  if (entry.scrubbed && entry.scrubbed.length > 0)
    fields.push(["scrubbed", ...entry.scrubbed.map((row) => [row.table, row.id, row.columns])]);
  const canonical = JSON.stringify(fields);
  return createHash("sha256").update(canonical).digest("hex");
}

/** The shape of one entry checked; the problem in German, or null. */
function problemOf(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "kein Objekt";
  const entry = value as Record<string, unknown>;
  if (typeof entry.id !== "string" || !uuid.test(entry.id)) return "id ist keine UUID";
  if (typeof entry.erasedAt !== "string" || Number.isNaN(Date.parse(entry.erasedAt))) return "erasedAt ist keine Zeit";
  if (typeof entry.reason !== "string" || !erasureReasons.includes(entry.reason))
    return "reason ist weder request noch retention noch trash";
  if (entry.addressSha256 !== null && (typeof entry.addressSha256 !== "string" || !sha256Hex.test(entry.addressSha256)))
    return "addressSha256 ist kein SHA-256";
  if (entry.caseId !== null && !(Number.isSafeInteger(entry.caseId) && (entry.caseId as number) > 0))
    return "caseId ist keine Nummer";
  if (!Array.isArray(entry.rows)) return "rows ist keine Liste";
  for (const rows of entry.rows as unknown[]) {
    if (typeof rows !== "object" || rows === null) return "rows enthält kein Objekt";
    const { table, ids, set } = rows as Record<string, unknown>;
    if (typeof table !== "string" || !identifier.test(table) || protectedTables.has(table))
      return `rows nennt die Tabelle ${JSON.stringify(table)}`;
    if (!Array.isArray(ids) || ids.some((id) => !(Number.isSafeInteger(id) && (id as number) > 0)))
      return `rows nennt für ${table} ungültige Zeilen`;
    if (set !== undefined) {
      if (typeof set !== "object" || set === null || Array.isArray(set)) return `set für ${table} ist kein Objekt`;
      for (const [column, given] of Object.entries(set)) {
        if (!identifier.test(column) || column === "id" || (given !== null && typeof given !== "string"))
          return `set für ${table} nennt die Spalte ${JSON.stringify(column)} ungültig`;
      }
    }
  }
  if (!Array.isArray(entry.blobs)) return "blobs ist keine Liste";
  for (const blob of entry.blobs as unknown[]) {
    const { area, id } = (blob ?? {}) as Record<string, unknown>;
    if (!blobAreaNames.includes(area as BlobArea) || typeof id !== "string" || !isBlobId(id))
      return "blobs nennt eine ungültige Datei";
  }
  if (entry.restricted !== undefined) {
    if (!Array.isArray(entry.restricted) || entry.restricted.length === 0) return "restricted ist keine Liste";
    for (const row of entry.restricted as unknown[]) {
      const { table, id, until } = (row ?? {}) as Record<string, unknown>;
      if (table !== "invoices" || !(Number.isSafeInteger(id) && (id as number) > 0))
        return "restricted nennt eine ungültige Zeile";
      if (typeof until !== "string" || !isoDate.test(until) || Number.isNaN(Date.parse(until)))
        return "restricted nennt kein gültiges Datum";
    }
  }
  if (entry.scrubbed !== undefined) {
    if (!Array.isArray(entry.scrubbed) || entry.scrubbed.length === 0) return "scrubbed ist keine Liste";
    if (entry.addressSha256 === null) return "scrubbed ohne addressSha256";
    for (const row of entry.scrubbed as unknown[]) {
      const { table, id, columns } = (row ?? {}) as Record<string, unknown>;
      if (typeof table !== "string" || !identifier.test(table) || protectedTables.has(table))
        return `scrubbed nennt die Tabelle ${JSON.stringify(table)}`;
      if (!(Number.isSafeInteger(id) && (id as number) > 0)) return "scrubbed nennt eine ungültige Zeile";
      if (
        !Array.isArray(columns) ||
        columns.length === 0 ||
        columns.some((column) => typeof column !== "string" || !identifier.test(column) || column === "id")
      )
        return `scrubbed nennt für ${table} ungültige Spalten`;
    }
  }
  if (typeof entry.sha256 !== "string" || !sha256Hex.test(entry.sha256)) return "sha256 fehlt";
  return null;
}

/** `value` as an entry, or a LedgerError naming `where` and `what`. */
function checkedEntry(value: unknown, where: string, what: (problem: string) => string): LedgerEntry {
  const problem = problemOf(value);
  if (problem) throw new LedgerError(ledgerMessages.damaged(where, what(problem)));
  const entry = value as LedgerEntry;
  if (entryChecksum(entry) !== entry.sha256)
    throw new LedgerError(ledgerMessages.damaged(where, ledgerMessages.checksum(entry.id)));
  return entry;
}

/**
 * Writes the entry for an erasure in the caller's transaction (the one that erases): it exists
 * exactly when the erasure does. Copy it to `DATA_DIR` with `mirrorLedger` after the commit (the
 * retention job does so at every run).
 */
export async function recordErasure(tx: Transaction, input: ErasureInput): Promise<LedgerEntry> {
  const base: Omit<LedgerEntry, "sha256"> = {
    id: randomUUID(),
    erasedAt: (input.at ?? new Date()).toISOString(),
    reason: input.reason,
    addressSha256: input.address === null ? null : addressHash(input.address),
    caseId: input.caseId ?? null,
    rows: input.rows.map((rows) => ({ table: rows.table, ids: [...rows.ids], ...(rows.set ? { set: rows.set } : {}) })),
    blobs: (input.blobs ?? []).map((blob) => ({ area: blob.area, id: blob.id })),
    ...(input.restricted && input.restricted.length > 0
      ? { restricted: input.restricted.map((row) => ({ table: row.table, id: row.id, until: row.until })) }
      : {}),
    ...(input.scrubbed && input.scrubbed.length > 0
      ? { scrubbed: input.scrubbed.map((row) => ({ table: row.table, id: row.id, columns: [...row.columns] })) }
      : {}),
  };
  const entry: LedgerEntry = { ...base, sha256: entryChecksum(base) };
  const problem = problemOf(entry);
  if (problem) throw new Error(`erasure ledger entry refused: ${problem}`);
  await insertEntry(tx, entry);
  return entry;
}

/** One entry as a row of `erasure_ledger`. */
async function insertEntry(tx: Transaction, entry: LedgerEntry): Promise<void> {
  await tx`
    insert into erasure_ledger
      (id, erased_at, reason, address_sha256, case_id, erased_rows, erased_blobs, restricted_rows, scrubbed_rows,
        entry_sha256)
    values (${entry.id}, ${entry.erasedAt}, ${entry.reason}, ${entry.addressSha256}, ${entry.caseId},
            ${JSON.stringify(entry.rows)}::text::jsonb, ${JSON.stringify(entry.blobs)}::text::jsonb,
            ${JSON.stringify(entry.restricted ?? [])}::text::jsonb, ${JSON.stringify(entry.scrubbed ?? [])}::text::jsonb,
            ${entry.sha256})`;
}

interface LedgerRow {
  id: string;
  erased_at: Date;
  reason: string;
  address_sha256: string | null;
  case_id: number | null;
  erased_rows: unknown;
  erased_blobs: unknown;
  restricted_rows: unknown;
  scrubbed_rows: unknown;
  entry_sha256: string;
}

/** Whether the database has the ledger (a set older than migration 032 has not). */
async function hasLedgerTable(sql: Queries): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`select to_regclass('public.erasure_ledger') is not null as found`;
  return row?.found === true;
}

/** Every entry of a database's ledger, oldest first, each checked; `which` names the database in messages. */
export async function readLedger(sql: Queries, which = "der Datenbank"): Promise<LedgerEntry[]> {
  if (!(await hasLedgerTable(sql))) return [];
  // A database not yet migrated to 035 (the one a restore replaces may be older) restricted nothing.
  // …and one not yet migrated to 037 removed no mentions.
  const columns = new Set(
    (
      await sql<{ column_name: string }[]>`
        select column_name from information_schema.columns
        where table_schema = 'public' and table_name = 'erasure_ledger'
          and column_name in ('restricted_rows', 'scrubbed_rows')`
    ).map((row) => row.column_name),
  );
  const rows = await sql<LedgerRow[]>`
    select id::text as id, erased_at, reason, address_sha256, case_id, erased_rows, erased_blobs,
      ${columns.has("restricted_rows") ? sql`restricted_rows` : sql`'[]'::jsonb as restricted_rows`},
      ${columns.has("scrubbed_rows") ? sql`scrubbed_rows` : sql`'[]'::jsonb as scrubbed_rows`}, entry_sha256
    from erasure_ledger order by erased_at, id`;
  const where = ledgerMessages.databaseSource(which);
  return rows.map((row) =>
    checkedEntry(
      {
        id: row.id,
        erasedAt: row.erased_at.toISOString(),
        reason: row.reason,
        addressSha256: row.address_sha256,
        caseId: row.case_id,
        rows: row.erased_rows,
        blobs: row.erased_blobs,
        ...(Array.isArray(row.restricted_rows) && row.restricted_rows.length > 0
          ? { restricted: row.restricted_rows }
          : {}),
        ...(Array.isArray(row.scrubbed_rows) && row.scrubbed_rows.length > 0 ? { scrubbed: row.scrubbed_rows } : {}),
        sha256: row.entry_sha256,
      },
      where,
      (problem) => ledgerMessages.rowNotEntry(row.id, problem),
    ),
  );
}

export function ledgerFilePath(dataDir: string): string {
  return join(dataDir, ledgerFileName);
}

/** The entries of `DATA_DIR/erasure-ledger.jsonl` (none when it does not exist), each checked. */
export async function readLedgerFile(dataDir: string): Promise<LedgerEntry[]> {
  const path = ledgerFilePath(dataDir);
  const file = Bun.file(path);
  if (!(await file.exists())) return [];
  const where = ledgerMessages.fileSource(path);
  const entries: LedgerEntry[] = [];
  const lines = (await file.text()).split("\n");
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new LedgerError(ledgerMessages.damaged(where, ledgerMessages.lineNotJson(index + 1)));
    }
    entries.push(checkedEntry(value, where, (problem) => ledgerMessages.lineNotEntry(index + 1, problem)));
  }
  return entries;
}

/**
 * Appends to `DATA_DIR/erasure-ledger.jsonl` every entry of the database's ledger it lacks (0600).
 * Idempotent; returns how many were appended. A damaged file is not appended to (LedgerError).
 */
export async function mirrorLedger(sql: Queries, dataDir: string): Promise<number> {
  const known = new Set((await readLedgerFile(dataDir)).map((entry) => entry.id));
  const missing = (await readLedger(sql)).filter((entry) => !known.has(entry.id));
  if (missing.length === 0) return 0;
  await mkdir(dataDir, { recursive: true, mode: privateDirMode });
  const path = ledgerFilePath(dataDir);
  const lines = missing.map((entry) => `${JSON.stringify(entry)}\n`).join("");
  await appendFile(path, lines, { mode: privateFileMode });
  return missing.length;
}

/** Replaces the file with exactly `entries` (after a restore merged every source), atomically. */
export async function writeLedgerFile(dataDir: string, entries: readonly LedgerEntry[]): Promise<void> {
  const path = ledgerFilePath(dataDir);
  const text = entries.map((entry) => `${JSON.stringify(entry)}\n`).join("");
  await writeFile(`${path}.partial`, text, { mode: privateFileMode });
  await rename(`${path}.partial`, path);
}

/**
 * The sources merged into one ledger, oldest first. An id that two sources give differently is
 * damage (LedgerError); each source's entries were checked when read.
 */
export function mergeLedgers(sources: readonly { name: string; entries: readonly LedgerEntry[] }[]): LedgerEntry[] {
  const merged = new Map<string, { entry: LedgerEntry; from: string }>();
  for (const source of sources) {
    for (const entry of source.entries) {
      const seen = merged.get(entry.id);
      if (!seen) merged.set(entry.id, { entry, from: source.name });
      else if (seen.entry.sha256 !== entry.sha256)
        throw new LedgerError(
          ledgerMessages.damaged(source.name, ledgerMessages.conflicting(entry.id, seen.from, source.name)),
        );
    }
  }
  return [...merged.values()]
    .map(({ entry }) => entry)
    .sort((a, b) => a.erasedAt.localeCompare(b.erasedAt) || a.id.localeCompare(b.id));
}

/**
 * Every entry replayed on a restored copy in one transaction, oldest first: the rows it names
 * deleted (or overwritten), the entries the copy lacks inserted, so that its own ledger is whole
 * again. A table or column the copy does not have held none of the data. Blobs are the caller's
 * (`removeErasedBlobs`), against the copy's stores.
 */
export async function replayLedger(
  sql: Sql,
  entries: readonly LedgerEntry[],
): Promise<{ counts: ReplayCounts; found: Set<string> }> {
  const counts: ReplayCounts = {
    entries: entries.length,
    effective: 0,
    rows: 0,
    blobs: 0,
    restrictions: 0,
    restrictionsApplied: 0,
    mentions: 0,
  };
  const foundIn = new Set<string>();
  await sql.begin(async (tx) => {
    const columns = new Map<string, Set<string>>();
    for (const row of await tx<{ table_name: string; column_name: string }[]>`
      select table_name, column_name from information_schema.columns where table_schema = 'public'`) {
      const known = columns.get(row.table_name) ?? new Set<string>();
      known.add(row.column_name);
      columns.set(row.table_name, known);
    }
    const present = new Set((await readLedger(tx, "der wiederhergestellten Sicherung")).map((entry) => entry.id));
    for (const entry of entries) {
      let found = 0;
      let reapplied = 0;
      try {
        for (const rows of entry.rows) {
          const known = columns.get(rows.table);
          if (!known || rows.ids.length === 0) continue;
          if (rows.set) {
            const set = Object.fromEntries(Object.entries(rows.set).filter(([column]) => known.has(column)));
            const names = Object.keys(set);
            if (names.length === 0) continue;
            const differs = names.map((column) => tx`${tx(column)} is distinct from ${set[column] ?? null}`);
            const changed = await tx`
              update ${tx(rows.table)} set ${tx(set, ...names)}
              where id = any(${rows.ids}::bigint[])
                and (${differs.reduce((all, next) => tx`${all} or ${next}`)})`;
            found += changed.count;
          } else {
            const deleted = await tx`delete from ${tx(rows.table)} where id = any(${rows.ids}::bigint[])`;
            found += deleted.count;
          }
        }
        for (const row of entry.restricted ?? []) {
          counts.restrictions++;
          // The row as the set holds it, restricted again unless it already is; the case only if the set has it.
          const added = await tx`
            insert into privacy_restrictions (table_name, row_id, case_id, restricted_until)
            select ${row.table}, ${row.id}, (select id from privacy_cases where id = ${entry.caseId}), ${row.until}::date
            where exists (select 1 from ${tx(row.table)} where id = ${row.id})
            on conflict (table_name, row_id) do nothing`;
          counts.restrictionsApplied += added.count;
          reapplied += added.count;
        }
        for (const row of entry.scrubbed ?? []) {
          const known = columns.get(row.table);
          const named = row.columns.filter((column) => known?.has(column));
          if (!known || named.length === 0 || entry.addressSha256 === null) continue;
          const [stored] = await tx<Record<string, unknown>[]>`
            select ${tx(named)} from ${tx(row.table)} where id = ${row.id}`;
          if (!stored) continue;
          const changed: Record<string, string> = {};
          for (const column of named) {
            const text = stored[column];
            if (typeof text !== "string") continue;
            const without = withoutAddress(text, entry.addressSha256);
            if (without !== text) changed[column] = without;
          }
          if (Object.keys(changed).length === 0) continue;
          await tx`update ${tx(row.table)} set ${tx(changed)} where id = ${row.id}`;
          counts.mentions++;
          reapplied++;
        }
      } catch (error) {
        throw new LedgerError(
          ledgerMessages.notReplayed(entry.id, error instanceof Error ? error.message : String(error)),
        );
      }
      counts.rows += found;
      if (found + reapplied > 0) {
        counts.effective++;
        foundIn.add(entry.id);
      }
      if (!present.has(entry.id)) await insertEntry(tx, entry);
    }
  });
  return { counts, found: foundIn };
}

/**
 * Removes every blob the entries name from `stores` (the disk or the bucket alike); `counts`
 * gains the blobs that were still there, and an entry that found only blobs becomes effective.
 */
export async function removeErasedBlobs(
  stores: Record<BlobArea, BlobStore>,
  entries: readonly LedgerEntry[],
  counts: ReplayCounts,
  foundRows: ReadonlySet<string> = new Set(),
): Promise<void> {
  for (const entry of entries) {
    let found = 0;
    for (const blob of entry.blobs) {
      const store = stores[blob.area];
      if ((await store.sizeOf(blob.id)) === null) continue;
      await store.remove(blob.id);
      found++;
    }
    counts.blobs += found;
    if (found > 0 && !foundRows.has(entry.id)) counts.effective++;
  }
}
