import {
  abuseLimitWindowMinutes,
  type ContactRequestDetail,
  type MarkedDoneAnswer,
  openRequestsPage,
  type RepliedAnswer,
  type TakenOverAnswer,
  type User,
} from "@klarwerk/kit";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { pagingParam, parseId } from "../../http/ids.ts";
import { tooManyRequests } from "../../http/rate-limit.ts";
import { enqueueMail } from "../../mail/outbox-store.ts";
import { contactRequestMail, replyMail } from "../../mail/templates.ts";
import type { AuditActor } from "../audit/index.ts";
import { contactApiMessages, requestsApiMessages } from "./messages.ts";
import { type ContactSubmissionRead, replyOf, type replyRoute, type takeOverRoute } from "./model.ts";
import {
  findRequestDetail,
  insertContactRequest,
  insertReply,
  keptOpenRequests,
  markRequestDone,
  requestCounts,
  takeOverRequest,
} from "./store.ts";

/** Per client address: more accepted requests than this within the window are refused (429). */
export const contactRateLimit = {
  name: "contact",
  max: 10,
  windowMs: abuseLimitWindowMinutes.contact * 60 * 1000,
} as const;

const notFound = () => new HttpError(404, "contact-request-not-found", requestsApiMessages.notFound);

/**
 * Contact requests from the public form to the dashboard. A new request and a reply each write
 * their mail in the same transaction (the team inbox and the visitor respectively); the outbox
 * delivers it.
 */
export function contactRequestsService({
  sql,
  config,
  rateLimits,
  outbox,
  changes,
}: Pick<Deps, "sql" | "config" | "rateLimits" | "outbox" | "changes">) {
  const submissions = rateLimits(contactRateLimit);
  const openRequests = keptOpenRequests(sql, changes);

  /**
   * Validates, then counts against the client's allowance (429), then stores the request as
   * open, unless the honeypot is filled: that one is answered the same and never stored.
   */
  async function receive(
    { contact, caught }: ContactSubmissionRead,
    clientAddress: string,
    actor: AuditActor,
  ): Promise<void> {
    // The body's rules ran before this count: a visitor fixing a typo does not use up the allowance.
    const submission = await submissions.hit(clientAddress);
    if (!submission.allowed) throw tooManyRequests(contactApiMessages.tooManyRequests, submission);
    if (caught) return;
    const mail = contactRequestMail(contact, { to: config.contactNotifyTo, publicUrl: config.publicUrl });
    await sql.begin(async (tx) => {
      const contactRequestId = await insertContactRequest(tx, contact, actor);
      await enqueueMail(tx, mail, { contactRequestId });
    });
    openRequests.changed();
    outbox.written();
  }

  /** `?limit=&before=`: a malformed one is a 400 in the module's words. */
  /** A page of open requests as the JSON text of `OpenRequestsPage`. */
  function listOpen(query: { limit?: string; before?: string }): Promise<string> {
    const limit = pagingParam(
      query.limit,
      { fallback: openRequestsPage.defaultLimit, max: openRequestsPage.maxLimit },
      requestsApiMessages.invalidLimit,
    );
    const before = query.before === undefined ? null : parseId(query.before);
    if (query.before !== undefined && before === null)
      throw new HttpError(400, "invalid-query", requestsApiMessages.invalidBefore);
    return openRequests.list({ limit, before });
  }

  /** 404 unknown, 409 already done (someone else was faster). */
  async function markDone(id: number, user: User, actor: AuditActor): Promise<MarkedDoneAnswer> {
    const result = await markRequestDone(sql, id, user, actor);
    openRequests.changed();
    if (result.outcome === "not-found") throw notFound();
    if (result.outcome === "already-done")
      throw new HttpError(409, "contact-request-already-done", requestsApiMessages.alreadyDone);
    return result.answer;
  }

  async function detail(id: number): Promise<ContactRequestDetail> {
    const request = await findRequestDetail(sql, id);
    if (!request) throw notFound();
    return request;
  }

  /** The reply is stored with the request, which is marked done if it was open, and mailed to the visitor. */
  async function reply(
    requestId: number,
    body: typeof replyRoute.body.static,
    user: User,
    actor: AuditActor,
  ): Promise<RepliedAnswer> {
    const message = replyOf(body);
    const answer = await sql.begin(async (tx) => {
      const request = await insertReply(tx, { requestId, message, user }, actor);
      if (!request) return null;
      const mail = replyMail(request, { message, senderName: user.name }, { teamInbox: config.contactNotifyTo });
      await enqueueMail(tx, mail, { contactRequestId: requestId });
      const detail = await findRequestDetail(tx, requestId);
      if (!detail) throw new Error("the request vanished under its row lock");
      return { request: detail, counts: await requestCounts(tx) };
    });
    if (!answer) throw notFound();
    openRequests.changed();
    outbox.written();
    return answer;
  }

  /** „Als Kunde übernehmen“ (store.ts's `takeOverRequest`). */
  async function takeOver(
    requestId: number,
    body: typeof takeOverRoute.body.static,
    user: User,
    actor: AuditActor,
  ): Promise<TakenOverAnswer> {
    const answer = await sql.begin(async (tx) => {
      const done = await takeOverRequest(tx, { requestId, customerId: body.customer_id ?? null, editor: user }, actor);
      if (!done) return null;
      const request = await findRequestDetail(tx, requestId);
      if (!request) throw new Error("the request vanished under its row lock");
      return { done, request };
    });
    if (!answer) throw notFound();
    openRequests.changed();
    return { request: answer.request, customer: answer.done.customer, created: answer.done.created };
  }

  // `purged`: after the retention purge deleted requests, the kept pages are read again.
  return { receive, listOpen, markDone, detail, reply, takeOver, purged: openRequests.changed };
}
