import {
  type CustomerImportChoice,
  type CustomerImportDryRun,
  type CustomerImportPreview,
  type CustomerImportResult,
  customerImportDetectedLabel,
  customerImportLimits,
  isCustomerImportChoice,
} from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import { type ParsedFile, parseCustomerFile, parseCustomerText } from "./import-parse.ts";
import {
  checkMapping,
  countStatuses,
  guessMapping,
  headerKey,
  keysOf,
  type PlannedRow,
  planRows,
  verdictOf,
} from "./import-plan.ts";
import {
  type ImportRecord,
  type ImportUpdate,
  insertImport,
  markImported,
  purgeCustomerImports,
  readImport,
  readImportedRows,
  readMatches,
  recordImportRows,
  rememberedMapping,
  saveCheck,
  undoRows,
  updateCustomersInBulk,
} from "./import-store.ts";
import { customerImportMessages as messages } from "./messages.ts";
import { createCustomers, type Editor, type NewCustomer } from "./store.ts";

/** Creates per statement: 10 000 in one statement would hold ~10 000 audit events' arguments at once. */
const createsPerStatement = 1000;

/** At most this many customers are named in a 409; the rest are counted. */
const namedInRefusal = 10;

/** The request's bytes up to the import's limit: refused by the declared length or as soon as it passes it (413). */
export async function readImportBody(request: Request): Promise<Uint8Array> {
  const tooLarge = () => new HttpError(413, "payload-too-large", messages.tooLarge);
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > customerImportLimits.maxBytes) throw tooLarge();
  if (!request.body) throw new HttpError(422, "customer-import-unreadable", messages.empty);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.byteLength;
    if (size > customerImportLimits.maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  if (size === 0) throw new HttpError(422, "customer-import-unreadable", messages.empty);
  return Buffer.concat(chunks);
}

/** The first rows, and the first rows with letters beyond ASCII (umlauts: where a wrong encoding shows), in file order. */
function sampleOf(file: ParsedFile): CustomerImportPreview["sample"] {
  const lines = new Set(file.rows.slice(0, customerImportLimits.sampleRows).map((row) => row.line));
  let beyondAscii = 0;
  for (const row of file.rows) {
    if (beyondAscii >= customerImportLimits.sampleRows) break;
    if (!lines.has(row.line) && row.cells.some((cell) => /[^ -~\s]/.test(cell))) {
      lines.add(row.line);
      beyondAscii += 1;
    }
  }
  return file.rows.filter((row) => lines.has(row.line)).map(({ line, cells }) => ({ line, cells }));
}

/** `namedInRefusal` names, then how many more. */
function listed(names: string[]): string {
  const shown = names.slice(0, namedInRefusal).join(", ");
  return names.length > namedInRefusal ? `${shown} ${messages.andMore(names.length - namedInRefusal)}` : shown;
}

/**
 * The customer CSV import (decision 0099): upload → preview, dry run, import, undo. Every step
 * reads the kept text again; the import and the undo are one transaction each, one at a time
 * (an advisory lock), and tell the dashboard's kept open requests that customers changed (a
 * name may have).
 */
export function customerImportService({ writes, changes }: Pick<Deps, "writes" | "changes">) {
  // A renamed customer's name shows on the dashboard's kept open requests at once.
  const customersChanged = () => changes?.changed("customers");

  async function prepare(bytes: Uint8Array, editor: Editor): Promise<CustomerImportPreview> {
    const file = parseCustomerFile(bytes);
    await purgeCustomerImports(writes);
    const key = headerKey(file.headers);
    const id = await insertImport(writes, {
      encoding: file.encoding,
      delimiter: file.delimiter,
      headerKey: key,
      text: file.text,
      rows: file.rows.length,
      editor,
    });
    const remembered = await rememberedMapping(writes, key);
    const usable = remembered !== null && remembered.length === file.headers.length;
    return {
      id,
      encoding: file.encoding,
      delimiter: file.delimiter,
      detected: customerImportDetectedLabel(file.encoding, file.delimiter),
      headers: file.headers,
      rows: file.rows.length,
      sample: sampleOf(file),
      mapping: usable ? remembered : guessMapping(file.headers),
      mapping_remembered: usable,
      notes: file.notes,
    };
  }

  async function found(sql: Queries, id: number, { lock = false } = {}): Promise<ImportRecord> {
    const record = await readImport(sql, id, { lock });
    if (record === null) throw new HttpError(404, "customer-import-not-found", messages.notFound);
    return record;
  }

  function fileOf(record: ImportRecord): ParsedFile {
    if (record.file_text === null) throw new HttpError(409, "customer-import-state", messages.alreadyImported);
    return parseCustomerText(record.file_text, record.encoding);
  }

  /** Each row's verdict under `mapping`, kept with the import (and the mapping remembered for these headers). */
  async function dryRun(id: number, mappingValue: unknown): Promise<CustomerImportDryRun> {
    const record = await found(writes, id);
    if (record.state === "imported" || record.state === "undone") {
      throw new HttpError(409, "customer-import-state", messages.alreadyImported);
    }
    const file = fileOf(record);
    const mapping = checkMapping(mappingValue, file.headers.length);
    const rows = planRows(file.rows, mapping, await readMatches(writes, keysOf(file.rows, mapping)));
    const counts = countStatuses(rows);
    await writes.begin((tx) =>
      saveCheck(tx, id, record.header_key, { mapping, verdicts: rows.map(verdictOf), counts }),
    );
    return { counts, rows: rows.map(({ create: _create, update: _update, ...shown }) => shown) };
  }

  function choicesOf(value: unknown): Map<number, CustomerImportChoice> {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new HttpError(422, "validation", messages.choicesShape);
    }
    const choices = new Map<number, CustomerImportChoice>();
    for (const [line, choice] of Object.entries(value)) {
      if (!/^\d{1,6}$/.test(line) || !isCustomerImportChoice(choice)) {
        throw new HttpError(422, "validation", messages.choicesShape);
      }
      choices.set(Number(line), choice);
    }
    return choices;
  }

  /**
   * The dry run's rows imported as planned, conflicts as chosen (unchosen: skipped), in one
   * transaction. The rows are planned again with every matched customer locked; a row whose
   * verdict is not the dry run's (a customer changed or created meanwhile: someone else's edit
   * must not be overwritten unseen) refuses the whole import with a 409 naming them.
   */
  async function run(id: number, choicesValue: unknown, editor: Editor, actor: AuditActor) {
    const choices = choicesOf(choicesValue ?? {});
    const outcome = await writes.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtext('klarwerk.customer_import'))`;
      const record = await found(tx, id, { lock: true });
      if (record.state === "prepared" || record.mapping === null || record.verdicts === null) {
        throw new HttpError(409, "customer-import-state", messages.notCheckedYet);
      }
      if (record.state !== "checked") throw new HttpError(409, "customer-import-state", messages.alreadyImported);
      const file = fileOf(record);
      const matches = await readMatches(tx, keysOf(file.rows, record.mapping), { lock: true });
      const again = planRows(file.rows, record.mapping, matches);
      const moved = again.filter((row, index) => verdictOf(row) !== record.verdicts?.[index]);
      const changedSince = await changedSinceCheck(tx, id, again);
      const refused = [...new Set([...moved, ...changedSince])];
      if (refused.length > 0) {
        const names = refused
          .sort((a, b) => a.line - b.line)
          .map((row) =>
            row.customer
              ? messages.changedRow(row.customer.name, row.customer.id, row.line)
              : messages.changedRow(row.name, 0, row.line).replace("Nr. 0, ", ""),
          );
        throw new HttpError(409, "customer-import-changed", messages.changedSinceCheck(listed(names)));
      }
      for (const [line, choice] of choices) {
        const row = again.find((planned) => planned.line === line);
        if (row === undefined || row.status !== "conflict" || !row.choices.includes(choice)) {
          throw new HttpError(422, "validation", messages.choiceNotOffered(line));
        }
      }
      const planned = planRows(file.rows, record.mapping, matches, choices);
      return write(tx, id, planned, editor, actor);
    });
    customersChanged();
    return outcome;
  }

  /** Rows whose matched customer was saved after the dry run (its version is newer than the check). */
  async function changedSinceCheck(tx: Queries, id: number, rows: PlannedRow[]): Promise<PlannedRow[]> {
    const ids = rows.flatMap((row) => (row.customer ? [row.customer.id] : []));
    if (ids.length === 0) return [];
    const changed = await tx<{ id: number }[]>`
      select c.id::int as id from customers c, customer_imports i
      where i.id = ${id} and c.id = any(${ids}::bigint[]) and c.updated_at > i.checked_at`;
    const changedIds = new Set(changed.map((row) => row.id));
    return rows.filter((row) => row.customer !== null && changedIds.has(row.customer.id));
  }

  async function write(
    tx: Queries,
    id: number,
    rows: PlannedRow[],
    editor: Editor,
    actor: AuditActor,
  ): Promise<CustomerImportResult> {
    const creates = rows.flatMap((row) => (row.create ? [{ line: row.line, customer: row.create }] : []));
    const updates: ImportUpdate[] = rows.flatMap((row) => (row.update ? [{ ...row.update, line: row.line }] : []));
    const done: {
      customerId: number;
      line: number;
      action: "created" | "updated";
      before: ImportUpdate["customer"] | null;
    }[] = [];
    for (let start = 0; start < creates.length; start += createsPerStatement) {
      const batch = creates.slice(start, start + createsPerStatement);
      const items: NewCustomer[] = batch.map(({ customer }) => ({ customer, editor, actor }));
      const customers = await createCustomers(tx, items);
      customers.forEach((customer, index) => {
        done.push({ customerId: customer.id, line: batch[index]?.line ?? 0, action: "created", before: null });
      });
    }
    await updateCustomersInBulk(tx, updates, editor, actor);
    for (const update of updates) {
      done.push({ customerId: update.customer.id, line: update.line, action: "updated", before: update.customer });
    }
    await recordImportRows(tx, id, done);
    const counts = countStatuses(rows);
    const result: CustomerImportResult = {
      id,
      state: "imported",
      created: creates.length,
      updated: updates.length,
      unchanged: counts.unchanged,
      skipped: counts.conflict,
      failed: counts.error,
      deleted: 0,
      restored: 0,
    };
    await markImported(tx, id, {
      created: result.created,
      updated: result.updated,
      unchanged: result.unchanged,
      skipped: result.skipped,
      failed: result.failed,
    });
    await recordAuditEvent(tx, actor, {
      action: "customer.imported",
      objectId: id,
      fields: ["created", "updated", "unchanged", "skipped", "failed"],
      changes: {
        created: { before: null, after: result.created },
        updated: { before: null, after: result.updated },
        unchanged: { before: null, after: result.unchanged },
        skipped: { before: null, after: result.skipped },
        failed: { before: null, after: result.failed },
      },
    });
    return result;
  }

  /**
   * The whole import undone in one transaction: customers it created deleted, those it updated
   * given their previous master data. Refused (409, naming them, nothing undone) when any was
   * saved since the import, or a created one has invoices, quotes, Ansprechpartner, notes, tags or
   * requests by now; a customer deleted since has nothing left to undo.
   */
  async function undo(id: number, editor: Editor, actor: AuditActor): Promise<CustomerImportResult> {
    const result = await writes.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtext('klarwerk.customer_import'))`;
      const record = await found(tx, id, { lock: true });
      if (record.state === "undone") throw new HttpError(409, "customer-import-state", messages.alreadyUndone);
      if (record.state !== "imported") throw new HttpError(409, "customer-import-state", messages.notImported);
      if (!record.imported_recently) throw new HttpError(409, "customer-import-state", messages.undoExpired);
      const rows = await readImportedRows(tx, id);
      const refused = rows.flatMap((row) => {
        if (!row.unchanged) return [messages.changedRow(row.name, row.customer_id, row.line)];
        if (row.used) return [messages.usedRow(row.name, row.customer_id, row.line)];
        return [];
      });
      if (refused.length > 0) {
        throw new HttpError(409, "customer-import-changed", messages.changedSinceImport(listed(refused)));
      }
      const deleted = rows.filter((row) => row.action === "created").map((row) => row.customer_id);
      const restored = rows.flatMap((row) => {
        if (row.action !== "updated" || row.before === null) return [];
        const before = row.before;
        const fields = (Object.keys(before) as (keyof typeof before)[]).filter(
          (key) => before[key] !== row.current[key],
        );
        return [{ id: row.customer_id, fields }];
      });
      await undoRows(tx, id, { deleted, restored }, editor, actor);
      const counts = record.counts as Record<string, number> | null;
      const undone: CustomerImportResult = {
        id,
        state: "undone",
        created: counts?.created ?? 0,
        updated: counts?.updated ?? 0,
        unchanged: counts?.unchanged ?? 0,
        skipped: counts?.skipped ?? 0,
        failed: counts?.failed ?? 0,
        deleted: deleted.length,
        restored: restored.length,
      };
      await recordAuditEvent(tx, actor, {
        action: "customer.import_undone",
        objectId: id,
        fields: ["deleted", "restored"],
        changes: {
          deleted: { before: null, after: undone.deleted },
          restored: { before: null, after: undone.restored },
        },
      });
      return undone;
    });
    customersChanged();
    return result;
  }

  return { prepare, dryRun, run, undo };
}
