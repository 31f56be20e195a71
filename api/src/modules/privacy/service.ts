import {
  privacyMessages as messages,
  type PrivacyCase,
  type PrivacyCaseChange,
  type PrivacyCaseDetail,
  type PrivacyCaseList,
  type PrivacyErasurePlan,
  type PrivacyErasureResult,
  type PrivacyRetentionPlan,
  privacyDataKinds,
  todayInGermany,
} from "@klarwerk/kit";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { tooManyRequests } from "../../http/rate-limit.ts";
import { type AuditActor, recordAuditEvent } from "../audit/index.ts";
import { carryOutErasure, erasurePlanOf } from "./erasure.ts";
import { accessFileName, accessReport, accessZip } from "./export.ts";
import { mirrorLedger } from "./ledger.ts";
import type { CaseDraft } from "./model.ts";
import { planRetention } from "./retention.ts";
import { hitsOf, searchPerson } from "./search.ts";
import { changeCase, createCase, findCase, listCases } from "./store.ts";

const notFound = () => new HttpError(404, "privacy-case-not-found", messages.notFound);

/**
 * Every privacy route per admin account: a search reads every table that keeps personal data and
 * the Auskunft builds a ZIP, so a stolen session or a runaway script cannot flood the database.
 * A person at the screen makes a few calls per case.
 */
export const privacyRateLimit = { name: "privacy", max: 60, windowMs: 60 * 1000 } as const;

/** The admins' work on data-protection requests: record, search, answer. */
export function privacyService({ sql, now, config, rateLimits }: Pick<Deps, "sql" | "now" | "config" | "rateLimits">) {
  const calls = rateLimits(privacyRateLimit);

  /** Counts one call of the admin's allowance, or refuses it (429 with Retry-After). */
  async function counted(actor: AuditActor): Promise<void> {
    const hit = await calls.hit(`user:${actor.id}`);
    if (!hit.allowed) throw tooManyRequests(messages.tooManyRequests, hit);
  }

  async function existing(id: number): Promise<PrivacyCase> {
    const found = await findCase(sql, id);
    if (!found) throw notFound();
    return found;
  }

  async function list(actor: AuditActor): Promise<PrivacyCaseList> {
    await counted(actor);
    return { cases: await listCases(sql) };
  }

  /** The case, received today (this clock's day in Germany) unless the draft names an earlier day. */
  async function create(draft: CaseDraft, actor: AuditActor): Promise<PrivacyCase> {
    await counted(actor);
    const today = todayInGermany(new Date(now()));
    const receivedOn = draft.receivedOn ?? today;
    if (receivedOn > today) throw new HttpError(422, "validation", messages.invalidReceivedOn);
    return createCase(sql, { ...draft, receivedOn }, actor);
  }

  async function show(id: number, actor: AuditActor): Promise<PrivacyCaseDetail> {
    await counted(actor);
    const privacyCase = await existing(id);
    const hits = hitsOf(await searchPerson(sql, privacyCase.email));
    return {
      case: privacyCase,
      hits,
      summary: hits.length === 0 ? messages.foundNowhere : messages.found(hits.length),
    };
  }

  async function change(id: number, change: PrivacyCaseChange, actor: AuditActor): Promise<PrivacyCase> {
    await counted(actor);
    const changed = await changeCase(sql, id, change, actor);
    if (!changed) throw notFound();
    return changed;
  }

  /**
   * The Auskunft as a ZIP, and its event: the case's id and the kinds of data it holds, never
   * the address or what was found.
   */
  async function accessZipOf(id: number, actor: AuditActor): Promise<{ name: string; bytes: Uint8Array<ArrayBuffer> }> {
    await counted(actor);
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
  async function erasurePlan(id: number, actor: AuditActor): Promise<PrivacyErasurePlan> {
    await counted(actor);
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
    await counted(actor);
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

  /** What the daily deletion would delete if it ran now: ids, numbers and dates, changing nothing. */
  async function retentionPlan(actor: AuditActor): Promise<PrivacyRetentionPlan> {
    await counted(actor);
    const plan = await planRetention(sql, config.contactRequestRetentionDays, now());
    const nothing = plan.requestIds.length + plan.invoices.length === 0;
    return {
      today: plan.today,
      contact_request_days: plan.days,
      cutoff: plan.cutoff,
      contact_requests: plan.requestIds.map((id, index) => ({ id, done_at: plan.requestsDoneAt[index] ?? "" })),
      replies: plan.replyIds.length,
      mails: plan.mailIds.length,
      invoices: plan.invoices.map((invoice) => ({
        id: invoice.id,
        number: invoice.number,
        restricted_until: invoice.restrictedUntil,
      })),
      held_invoice_ids: plan.heldInvoiceIds,
      summary: nothing
        ? messages.retentionNothing
        : messages.retentionPlanned(plan.requestIds.length, plan.mailIds.length, plan.invoices.length),
    };
  }

  return { counted, retentionPlan, list, create, show, change, accessZip: accessZipOf, erasurePlan, erase };
}
