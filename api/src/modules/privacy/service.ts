import { privacyMessages as messages, type PrivacyCase, type PrivacyCaseDetail, privacyDataKinds } from "@klarwerk/kit";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import { accessFileName, accessReport, accessZip } from "./export.ts";
import { hitsOf, searchPerson } from "./search.ts";
import { changeCase, createCase, findCase } from "./store.ts";
import { type caseBody, type caseChangeBody, caseChangeFrom, newCaseFrom } from "./validation.ts";

const notFound = () => new HttpError(404, "privacy-case-not-found", messages.notFound);

/** The admins' work on data-protection requests: record, search, answer. */
export function privacyService({ sql, now }: Pick<Deps, "sql" | "now">) {
  async function existing(id: number): Promise<PrivacyCase> {
    const found = await findCase(sql, id);
    if (!found) throw notFound();
    return found;
  }

  async function create(body: typeof caseBody.static, actor: AuditActor): Promise<PrivacyCase> {
    return createCase(sql, newCaseFrom(body, new Date(now())), actor);
  }

  async function show(id: number): Promise<PrivacyCaseDetail> {
    const privacyCase = await existing(id);
    const hits = hitsOf(await searchPerson(sql, privacyCase.email));
    return {
      case: privacyCase,
      hits,
      summary: hits.length === 0 ? messages.foundNowhere : messages.found(hits.length),
    };
  }

  async function change(id: number, body: typeof caseChangeBody.static, actor: AuditActor): Promise<PrivacyCase> {
    const changed = await changeCase(sql, id, caseChangeFrom(body), actor);
    if (!changed) throw notFound();
    return changed;
  }

  /**
   * The Auskunft as a ZIP, and its event: the case's id and the kinds of data it holds, never
   * the address or what was found.
   */
  async function accessZipOf(id: number, actor: AuditActor): Promise<{ name: string; bytes: Uint8Array<ArrayBuffer> }> {
    const privacyCase = await existing(id);
    const rows = await searchPerson(sql, privacyCase.email);
    const [company] = await sql<{ name: string }[]>`select name from company_settings`;
    const report = accessReport(privacyCase, rows, { controller: company?.name ?? null, now: new Date(now()) });
    const bytes = accessZip(report);
    const fields = privacyDataKinds.filter((kind) => rows.some((row) => row.kind === kind));
    await recordAuditEvent(sql, actor, { action: "privacy_case.access_exported", objectId: id, fields });
    return { name: accessFileName(privacyCase), bytes };
  }

  return { create, show, change, accessZip: accessZipOf };
}
