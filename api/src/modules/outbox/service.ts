import type { OutboxMail } from "@klarwerk/kit";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { retryMail } from "../../mail/outbox-store.ts";
import type { AuditActor } from "../audit/index.ts";
import { outboxApiMessages as messages } from "./messages.ts";

/** An admin's one action on the outbox: a failed mail waits again, due now; 409 unless it failed. */
export function outboxService({ sql, outbox }: Pick<Deps, "sql" | "outbox">) {
  async function retry(id: number, actor: AuditActor): Promise<OutboxMail> {
    const result = await retryMail(sql, id, actor);
    if (result.outcome === "not-found") throw new HttpError(404, "mail-not-found", messages.notFound);
    if (result.outcome === "not-failed") throw new HttpError(409, "mail-not-failed", messages.notFailed);
    outbox.written();
    return result.mail;
  }
  return { retry };
}
