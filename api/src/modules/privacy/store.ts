import { type PrivacyCase, type PrivacyCaseChange, privacyDueDate } from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";

// Every statement on the privacy_cases table.

interface CaseRow extends Omit<PrivacyCase, "created_at" | "erased_at"> {
  created_at: Date;
  erased_at: Date | null;
}

const caseColumns = `id, email, name, kind, received_on::text as received_on, due_on::text as due_on, status, notes,
  created_at, created_by_name, erased_at`;

function toCase(row: CaseRow): PrivacyCase {
  return { ...row, created_at: row.created_at.toISOString(), erased_at: row.erased_at?.toISOString() ?? null };
}

/** Open cases first, the earliest due first; then the finished ones, newest first. */
export async function listCases(sql: Sql): Promise<PrivacyCase[]> {
  const rows = await sql<CaseRow[]>`
    select ${sql.unsafe(caseColumns)} from privacy_cases
    order by status = 'done', case when status = 'done' then null else due_on end, received_on desc, id desc`;
  return rows.map(toCase);
}

export async function findCase(sql: Queries, id: number): Promise<PrivacyCase | null> {
  const [row] = await sql<CaseRow[]>`select ${sql.unsafe(caseColumns)} from privacy_cases where id = ${id}`;
  return row ? toCase(row) : null;
}

export interface NewCase {
  email: string;
  name: string | null;
  kind: PrivacyCase["kind"];
  receivedOn: string;
  notes: string;
}

/** Records the case and its event (names of the fields only: never the person's address). */
export async function createCase(sql: Sql, input: NewCase, actor: AuditActor): Promise<PrivacyCase> {
  return sql.begin(async (tx) => {
    const [row] = await tx<CaseRow[]>`
      insert into privacy_cases (email, name, kind, received_on, due_on, notes, created_by, created_by_name)
      values (${input.email}, ${input.name}, ${input.kind}, ${input.receivedOn}, ${privacyDueDate(input.receivedOn)},
        ${input.notes}, ${actor.id}, ${actor.name})
      returning ${tx.unsafe(caseColumns)}`;
    if (!row) throw new Error("privacy case not stored");
    const fields = ["email", "kind", "received_on", ...(input.name !== null ? ["name"] : [])];
    if (input.notes !== "") fields.push("notes");
    await recordAuditEvent(tx, actor, { action: "privacy_case.opened", objectId: row.id, fields });
    return toCase(row);
  });
}

/** The case as it is now, or null when there is none; an event names the fields that changed. */
export async function changeCase(
  sql: Sql,
  id: number,
  change: PrivacyCaseChange,
  actor: AuditActor,
): Promise<PrivacyCase | null> {
  return sql.begin(async (tx) => {
    const [before] = await tx<
      CaseRow[]
    >`select ${tx.unsafe(caseColumns)} from privacy_cases where id = ${id} for update`;
    if (!before) return null;
    const [row] = await tx<CaseRow[]>`
      update privacy_cases set
        status = ${change.status ?? before.status}, notes = ${change.notes ?? before.notes}, updated_at = now()
      where id = ${id}
      returning ${tx.unsafe(caseColumns)}`;
    if (!row) return null;
    const fields = (["status", "notes"] as const).filter((field) => row[field] !== before[field]);
    if (fields.length > 0) await recordAuditEvent(tx, actor, { action: "privacy_case.changed", objectId: id, fields });
    return toCase(row);
  });
}
