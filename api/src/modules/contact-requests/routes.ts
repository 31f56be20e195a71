import { abuseLimitWindowMinutes, contactHoneypotField, openRequestsPage } from "@klarwerk/kit";
import { Type } from "@sinclair/typebox";
import { Elysia, t } from "elysia";
import type { Deps } from "../../deps.ts";
import { jsonBody } from "../../http/body-policy.ts";
import { clientAddressOf } from "../../http/client-address.ts";
import { HttpError } from "../../http/errors.ts";
import { pagingParam, requireId } from "../../http/ids.ts";
import { httpMessages } from "../../http/messages.ts";
import { errorResponses, jsonBodyErrors, jsonResponse, queryParameter } from "../../http/openapi.ts";
import { tooManyRequests } from "../../http/rate-limit.ts";
import { enqueueMail } from "../../mail/outbox-store.ts";
import { contactRequestMail, replyMail } from "../../mail/templates.ts";
import { visitorActor } from "../audit/actor.ts";
import { contactApiMessages, requestsApiMessages } from "./messages.ts";
import {
  contactRequestAnswerSchema,
  markedDoneSchema,
  openRequestsPageSchema,
  receivedSchema,
  repliedSchema,
} from "./responses.ts";
import { schedulePurge } from "./retention.ts";
import {
  findRequestDetail,
  insertContactRequest,
  insertReply,
  listOpenRequests,
  markRequestDone,
  requestCounts,
} from "./store.ts";
import { contactBody, isHoneypotFilled, replyBody, validateContact, validateReply } from "./validation.ts";

/** Per client address: more accepted requests than this within the window are refused (429). */
export const contactRateLimit = {
  name: "contact",
  max: 10,
  windowMs: abuseLimitWindowMinutes.contact * 60 * 1000,
} as const;

/** The answer to every accepted request, stored or caught by the honeypot alike. */
const accepted = { status: "received" } as const;

const tags = ["Contact requests"];
const requestIdParams = t.Object({ id: t.String({ description: "The request's id, a positive integer." }) });

/**
 * Contact requests, from the public form to the dashboard:
 * - `POST /api/contact` (public): validates, stores the request as open and answers 201. Spam
 *   guard: a honeypot field (answered as usual, never stored) and a per-address limit on
 *   accepted requests;
 * - `GET /api/requests[?limit=50&before=<id>]` (bearer): open requests newest first, a page at a
 *   time (`next` continues), and the exact open/done counts. Every signed-in user sees all of
 *   them: the portal is the company's staff tool and the requests its shared inbox;
 * - `PUT /api/requests/{id}/done` (bearer): marks one done for the signed-in user; 404 unknown,
 *   409 already done, 400 malformed id;
 * - `GET /api/requests/{id}` (bearer) → `{ request }` with who marked it done and every reply;
 * - `POST /api/requests/{id}/reply` (bearer) `{ message }` → 201 `{ request, counts }`: the reply
 *   is stored with the request, which is marked done if it was open, and mailed to the visitor.
 * A new request and a reply each write their mail in the same transaction (the team inbox and
 * the visitor respectively); the outbox delivers it.
 * While the server runs, answered requests are deleted after the retention period.
 */
export function contactRequestsModule({
  sql,
  auth,
  config,
  rateLimits,
  outbox,
}: Pick<Deps, "sql" | "auth" | "config" | "rateLimits" | "outbox">) {
  const submissions = rateLimits(contactRateLimit);
  let stopPurge: (() => void) | null = null;

  return new Elysia({ name: "contact-requests", prefix: "/api" })
    .use(auth.guard)
    .onStart(() => {
      stopPurge ??= schedulePurge(sql);
    })
    .onStop(() => {
      stopPurge?.();
      stopPurge = null;
    })
    .post(
      "/contact",
      async ({ body, request, server, status }) => {
        // Validated before counting: a visitor fixing a typo does not use up the allowance.
        const contact = validateContact(body);
        const submission = await submissions.hit(clientAddressOf(request, server, config.trustedProxies));
        if (!submission.allowed) throw tooManyRequests(contactApiMessages.tooManyRequests, submission);
        if (!isHoneypotFilled(body)) {
          const mail = contactRequestMail(contact, { to: config.contactNotifyTo, publicUrl: config.publicUrl });
          await sql.begin(async (tx) => {
            const contactRequestId = await insertContactRequest(
              tx,
              contact,
              visitorActor(request, server, config.trustedProxies),
            );
            await enqueueMail(tx, mail, { contactRequestId });
          });
          outbox.written();
        }
        return status(201, accepted);
      },
      {
        ...jsonBody(contactBody),
        detail: {
          summary: "Send a message through the public contact form",
          description: `\`${contactHoneypotField}\` is a field people never see: a request that fills it in is answered the same but never stored.`,
          tags,
          responses: {
            201: jsonResponse("Received.", receivedSchema),
            ...jsonBodyErrors,
            ...errorResponses({
              400: [httpMessages.badRequest],
              422: [
                contactApiMessages.nameRequired,
                contactApiMessages.nameTooLong,
                contactApiMessages.emailRequired,
                contactApiMessages.emailInvalid,
                contactApiMessages.companyInvalid,
                contactApiMessages.companyTooLong,
                contactApiMessages.messageRequired,
                contactApiMessages.messageTooLong,
                httpMessages.notJsonObject,
              ],
              429: [contactApiMessages.tooManyRequests],
            }),
          },
        },
      },
    )
    .get(
      "/requests",
      ({ query }) =>
        listOpenRequests(sql, {
          limit: pagingParam(
            query.limit,
            { fallback: openRequestsPage.defaultLimit, max: openRequestsPage.maxLimit },
            requestsApiMessages.invalidLimit,
          ),
          before: query.before === undefined ? null : requireId(query.before, requestsApiMessages.invalidBefore),
        }),
      {
        auth: true,
        detail: {
          summary: "Open contact requests, a page at a time, and the open/done counts",
          tags,
          // Documented here, read by the handler: its 400s carry the module's own messages.
          parameters: [
            queryParameter(
              "limit",
              "Requests per page.",
              Type.Integer({ minimum: 1, maximum: openRequestsPage.maxLimit, default: openRequestsPage.defaultLimit }),
            ),
            queryParameter(
              "before",
              "`next` of the previous page: requests older than this id.",
              Type.Integer({ minimum: 1 }),
            ),
          ],
          responses: {
            200: jsonResponse("The page and the counts.", openRequestsPageSchema),
            ...errorResponses({ 400: [requestsApiMessages.invalidLimit, requestsApiMessages.invalidBefore] }),
          },
        },
      },
    )
    .put(
      "/requests/:id/done",
      async ({ params, user, actor }) => {
        const result = await markRequestDone(sql, requireId(params.id, requestsApiMessages.invalidId), user, actor);
        if (result.outcome === "not-found") throw new HttpError(404, requestsApiMessages.notFound);
        if (result.outcome === "already-done") throw new HttpError(409, requestsApiMessages.alreadyDone);
        return result.answer;
      },
      {
        auth: true,
        params: requestIdParams,
        detail: {
          summary: "Mark a request done (answered) for the signed-in user",
          tags,
          responses: {
            200: jsonResponse("The request as done, and the new counts.", markedDoneSchema),
            ...errorResponses({
              400: [requestsApiMessages.invalidId],
              404: [requestsApiMessages.notFound],
              409: [requestsApiMessages.alreadyDone],
            }),
          },
        },
      },
    )
    .get(
      "/requests/:id",
      async ({ params }) => {
        const request = await findRequestDetail(sql, requireId(params.id, requestsApiMessages.invalidId));
        if (!request) throw new HttpError(404, requestsApiMessages.notFound);
        return { request };
      },
      {
        auth: true,
        params: requestIdParams,
        detail: {
          summary: "One request, open or done, with every reply sent from the portal",
          tags,
          responses: {
            200: jsonResponse("The request.", contactRequestAnswerSchema),
            ...errorResponses({ 400: [requestsApiMessages.invalidId], 404: [requestsApiMessages.notFound] }),
          },
        },
      },
    )
    .post(
      "/requests/:id/reply",
      async ({ params, body, user, status, actor }) => {
        const requestId = requireId(params.id, requestsApiMessages.invalidId);
        const message = validateReply(body);
        const answer = await sql.begin(async (tx) => {
          const request = await insertReply(tx, { requestId, message, user }, actor);
          if (!request) return null;
          const mail = replyMail(request, { message, senderName: user.name }, { teamInbox: config.contactNotifyTo });
          await enqueueMail(tx, mail, { contactRequestId: requestId });
          const detail = await findRequestDetail(tx, requestId);
          if (!detail) throw new Error("the request vanished under its row lock");
          return { request: detail, counts: await requestCounts(tx) };
        });
        if (!answer) throw new HttpError(404, requestsApiMessages.notFound);
        outbox.written();
        return status(201, answer);
      },
      {
        auth: true,
        params: requestIdParams,
        ...jsonBody(replyBody),
        detail: {
          summary: "Reply to the visitor by e-mail; the reply is kept with the request, which is marked done",
          description:
            "From MAIL_FROM, Reply-To the team inbox (CONTACT_NOTIFY_TO), quoting the visitor's message. The mail is written to the outbox with the reply and delivered from there.",
          tags,
          responses: {
            201: jsonResponse("The request with the new reply, and the new counts.", repliedSchema),
            ...jsonBodyErrors,
            ...errorResponses({
              400: [requestsApiMessages.invalidId, httpMessages.badRequest],
              404: [requestsApiMessages.notFound],
              422: [requestsApiMessages.replyRequired, requestsApiMessages.replyTooLong, httpMessages.notJsonObject],
            }),
          },
        },
      },
    );
}
