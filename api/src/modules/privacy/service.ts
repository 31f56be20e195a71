import {
  privacyMessages as messages,
  type PrivacyCase,
  type PrivacyCaseDetail,
  type PrivacyErasurePlan,
  type PrivacyErasureResult,
  privacyDataKinds,
} from "@klarwerk/kit";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import { carryOutErasure, erasurePlanOf } from "./erasure.ts";
import { accessFileName, accessReport, accessZip } from "./export.ts";
import { mirrorLedger } from "./ledger.ts";
import { hitsOf, searchPerson } from "./search.ts";
import { changeCase, createCase, findCase } from "./store.ts";
import { type caseBody, type caseChangeBody, caseChangeFrom, newCaseFrom } from "./validation.ts";

const notFound = () => new HttpError(404, "privacy-case-not-found", messages.notFound);

/** The admins' work on data-protection requests: record, search, answer. */
export function privacyService({ sql, now, config }: Pick<Deps, "sql" | "now" | "config">) {
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

  function erasureCase(privacyCase: PrivacyCase): PrivacyCase {
    if (privacyCase.kind === "access") throw new HttpError(409, "privacy-case-not-erasure", messages.notErasure);
    return privacyCase;
  }

  /** What an erasure would do with each hit, changing nothing. */
  async function erasurePlan(id: number): Promise<PrivacyErasurePlan> {
    const privacyCase = erasureCase(await existing(id));
    const items = erasurePlanOf(await searchPerson(sql, privacyCase.email));
    return {
      case_id: id,
      items,
      summary: items.length === 0 ? messages.nothingToErase : messages.planned(items.length),
    };
  }

  /**
   * The plan made again and carried out in one transaction, the case's row locked so two clicks
   * run one after the other (the second finds nothing left). The ledger's copy in DATA_DIR follows
   * after the commit; should that fail, the daily run copies it.
   */
  async function erase(id: number, actor: AuditActor): Promise<PrivacyErasureResult> {
    const result = await sql.begin(async (tx) => {
      const [locked] = await tx`select id from privacy_cases where id = ${id} for update`;
      const privacyCase = locked ? await findCase(tx, id) : null;
      if (!privacyCase) throw notFound();
      erasureCase(privacyCase);
      if (privacyCase.status === "done") throw new HttpError(409, "privacy-case-done", messages.alreadyDone);
      const items = erasurePlanOf(await searchPerson(tx, privacyCase.email));
      const counts = await carryOutErasure(tx, privacyCase, items, actor, new Date(now()));
      return { case_id: id, items, counts, summary: messages.erased(counts) };
    });
    try {
      await mirrorLedger(sql, config.dataDir);
    } catch (error) {
      console.error("[privacy] the erasure ledger's copy in DATA_DIR waits for the daily run:", error);
    }
    return result;
  }

  return { create, show, change, accessZip: accessZipOf, erasurePlan, erase };
}
