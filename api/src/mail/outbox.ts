import type { ResolvedConfig } from "../config.ts";
import type { Sql } from "../db/open.ts";
import {
  type CheckPrecondition,
  type DeliveryOptions,
  type DeliveryWorker,
  defaultDeliveryOptions,
  type PrepareMail,
  startDeliveryWorker,
} from "./delivery.ts";

/** The process's side of the outbox: whether mails can go out, and the worker that sends them. */
export interface Outbox {
  /** Whether `SMTP_URL` is set; without it mails wait in the outbox. */
  readonly configured: boolean;
  /** A transaction that wrote mails has committed: send them now rather than at the next poll. */
  written(): void;
  /** Starts delivering (with the server); without SMTP_URL says once that mails will wait. */
  start(): void;
  stop(): Promise<void>;
}

export function createOutbox({
  sql,
  config,
  delivery = {},
  prepare,
  checkPrecondition,
}: {
  sql: Sql;
  config: Pick<ResolvedConfig, "smtpUrl" | "smtpCa" | "mailFrom">;
  delivery?: Partial<DeliveryOptions>;
  /** Work done on a mail as it is sent (reset links: made then, never stored). */
  prepare?: PrepareMail;
  /** Whether a mail with a precondition (a reminder's) may still go out, right before sending. */
  checkPrecondition?: CheckPrecondition;
}): Outbox {
  let worker: DeliveryWorker | null = null;
  const { smtpUrl } = config;
  return {
    configured: smtpUrl !== null,
    written() {
      worker?.wake();
    },
    start() {
      if (worker) return;
      if (smtpUrl === null) {
        console.log("[api] e-mail is not set up (SMTP_URL is unset): mails wait in the outbox until it is");
        return;
      }
      worker = startDeliveryWorker({
        sql,
        smtpUrl,
        smtpCa: config.smtpCa,
        mailFrom: config.mailFrom,
        options: { ...defaultDeliveryOptions, ...delivery },
        ...(prepare ? { prepare } : {}),
        ...(checkPrecondition ? { checkPrecondition } : {}),
      });
    },
    async stop() {
      const stopping = worker;
      worker = null;
      await stopping?.stop();
    },
  };
}
