import { site } from "@klarwerk/kit";
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Sql } from "../db/open.ts";
import { mailDeliveryMessages } from "./messages.ts";
import { type ClaimedMail, claimDueMails, markDropped, markSent, recordFailure } from "./outbox-store.ts";
import { parseSmtpUrl } from "./smtp-url.ts";

/** How the worker paces itself; tests shorten the waits. */
export interface DeliveryOptions {
  /** How often the outbox is looked at for due mails (a mail this process writes is sent at once). */
  pollMs: number;
  /** The delay after the first failure; it doubles with every further one, up to `maxRetryMs`. */
  retryBaseMs: number;
  maxRetryMs: number;
  /** After failing this long, a mail is given up (failed). */
  giveUpMs: number;
  /** How long a claim holds: longer than any one send can take (the SMTP timeouts below). */
  leaseMs: number;
}

const second = 1000;
const minute = 60 * second;

export const defaultDeliveryOptions: DeliveryOptions = {
  pollMs: 2 * second,
  retryBaseMs: 30 * second,
  maxRetryMs: 60 * minute,
  giveUpMs: 24 * 60 * minute,
  leaseMs: 5 * minute,
};

/** Mails claimed per round: a burst goes out in a few rounds without one worker hoarding it. */
const batchSize = 10;

/** What a failed send tells us: why, and whether trying again can help. */
export interface SendFailure {
  reason: string;
  /** The recipient's server refused this recipient for good (5xx to RCPT TO): the same mail will be refused again. */
  final: boolean;
}

interface SmtpError {
  message?: string;
  code?: string;
  /** The SMTP command that failed (nodemailer): `CONN`, `AUTH PLAIN`, `MAIL FROM`, `RCPT TO`, `DATA`. */
  command?: string;
  responseCode?: number;
  response?: string;
}

/**
 * Only a 5xx answer to RCPT TO is final: the recipient's server says this mailbox does not exist
 * or takes no mail (550, 551, 553), and it will say so again. Everything else is temporary and
 * retried with growing delays, 5xx included: a 535 to AUTH (a wrong password), "530 STARTTLS
 * required" or "530 authentication required" to MAIL FROM, a refused connection, a timeout, a TLS
 * failure, a 5xx to DATA. Those are our configuration or the server's state, which an admin can
 * fix (the dashboard's "Betrieb" shows them), and once fixed every waiting mail, reset links
 * included, still goes out. A server that refuses STARTTLS (or a man in the middle who answers
 * for it) is told in German: the one refusal that is ours on purpose.
 */
export function classifyFailure(error: unknown): SendFailure {
  const smtp = (typeof error === "object" && error !== null ? error : {}) as SmtpError;
  if (smtp.code === "ETLS" && smtp.command === "STARTTLS" && typeof smtp.response === "string") {
    return { reason: mailDeliveryMessages.starttlsMissing, final: false };
  }
  const code = smtp.responseCode;
  const reason = smtp.response ?? smtp.message ?? String(error);
  const prefix = smtp.code && !reason.includes(smtp.code) ? `${smtp.code}: ` : "";
  const refusedRecipient = smtp.command?.toUpperCase() === "RCPT TO" && typeof code === "number" && code >= 500;
  return { reason: `${prefix}${reason}`.slice(0, 2000), final: refusedRecipient && code < 600 };
}

/** The delay before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(attempts: number, options: Pick<DeliveryOptions, "retryBaseMs" | "maxRetryMs">): number {
  return Math.min(options.maxRetryMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Work a mail needs at the moment it is sent (a reset link is made then, never stored): the mail
 * to send and what to undo should sending fail; or why it cannot go out at all (it fails for good).
 */
export type PrepareMail = (
  mail: ClaimedMail,
) => Promise<{ mail: ClaimedMail; failed(): Promise<void> } | { refused: string }>;

/**
 * A mail's precondition, checked right before it is handed to the SMTP server: null when it still
 * holds, else the German reason it is dropped for (state `cancelled`, never sent). The feature that
 * wrote the mail answers (app.ts wires it); the mail layer knows only the name.
 */
export type CheckPrecondition = (
  mail: ClaimedMail & { precondition: NonNullable<ClaimedMail["precondition"]> },
) => Promise<string | null>;

export interface DeliveryWorker {
  /** Look at the outbox now (a mail was just written). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Delivers the outbox through the SMTP server of `smtpUrl`, in the background of an API process.
 * Several processes may run one each: claims (outbox-store.ts) keep them from sending a mail
 * twice. A mail is sent with a Message-ID of its own, so should a process die between the
 * server's "250" and recording it, the mail that goes out again is recognizably the same one.
 */
export function startDeliveryWorker({
  sql,
  smtpUrl,
  smtpCa = null,
  mailFrom,
  options = defaultDeliveryOptions,
  prepare,
  checkPrecondition,
}: {
  sql: Sql;
  smtpUrl: string;
  smtpCa?: string | null;
  mailFrom: string;
  options?: DeliveryOptions;
  prepare?: PrepareMail;
  checkPrecondition?: CheckPrecondition;
}): DeliveryWorker {
  const endpoint = parseSmtpUrl(smtpUrl);
  // The configuration refused it at start already; a caller that skipped it learns why here.
  if ("problem" in endpoint) throw new Error(endpoint.problem);
  // Certificates are always checked (no switch turns that off, not even for tests): against the
  // public CAs, or those of SMTP_CA_FILE instead.
  const tls = smtpCa === null ? undefined : { ca: smtpCa };
  // One connection per send: a pool would keep connections that the server may close meanwhile,
  // and a mail a minute does not need one. The endpoint's fields, not the URL: nodemailer would
  // read switches from its query that turn STARTTLS off.
  const transport = nodemailer.createTransport({
    host: endpoint.host,
    ...(endpoint.port === undefined ? {} : { port: endpoint.port }),
    secure: endpoint.secure,
    // With requireTLS nodemailer sends STARTTLS whether or not the server offers it, and stops
    // before AUTH and MAIL when it is refused: no password and no mail in clear text.
    requireTLS: endpoint.requireTls,
    ignoreTLS: !endpoint.secure && !endpoint.requireTls,
    ...(endpoint.auth ? { auth: endpoint.auth } : {}),
    connectionTimeout: 30 * second,
    greetingTimeout: 30 * second,
    socketTimeout: 60 * second,
    ...(tls ? { tls } : {}),
  } satisfies SMTPTransport.Options);
  const domain = mailFrom.split("@")[1] ?? "localhost";

  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: Timer | undefined;

  async function fail(mail: ClaimedMail, failure: SendFailure): Promise<void> {
    const state = await recordFailure(sql, mail, {
      ...failure,
      retryInMs: retryDelayMs(mail.attempts, options),
      giveUpMs: options.giveUpMs,
    });
    const outcome = state === "failed" ? "gave it up" : "will try again";
    console.warn(`[api] mail ${mail.id} was not delivered (${failure.reason}); ${outcome}`);
  }

  async function send(claimed: ClaimedMail): Promise<void> {
    if (claimed.precondition !== null) {
      // A mail with a precondition no one can check waits (never sent unchecked).
      const precondition = claimed.precondition;
      const reason = checkPrecondition
        ? await checkPrecondition({ ...claimed, precondition })
        : "Die Voraussetzung dieser E-Mail kann nicht geprüft werden.";
      if (reason !== null) {
        if (await markDropped(sql, claimed, reason)) console.log(`[api] mail ${claimed.id} dropped: ${reason}`);
        return;
      }
    }
    let mail = claimed;
    let undo = async () => {};
    if (prepare) {
      const prepared = await prepare(claimed);
      if ("refused" in prepared) return fail(claimed, { reason: prepared.refused, final: true });
      mail = prepared.mail;
      undo = prepared.failed;
    }
    try {
      await transport.sendMail({
        from: { name: site.name, address: mailFrom },
        to: mail.to.name ? { name: mail.to.name, address: mail.to.address } : mail.to.address,
        ...(mail.replyTo
          ? {
              replyTo: mail.replyTo.name
                ? { name: mail.replyTo.name, address: mail.replyTo.address }
                : mail.replyTo.address,
            }
          : {}),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments.length > 0
          ? {
              attachments: mail.attachments.map((file) => ({
                filename: file.fileName,
                contentType: file.contentType,
                content: Buffer.from(file.content),
              })),
            }
          : {}),
        messageId: `<outbox-${mail.id}@${domain}>`,
      });
    } catch (error) {
      await undo();
      await fail(claimed, classifyFailure(error));
      return;
    }
    if (!(await markSent(sql, mail))) console.warn(`[api] mail ${mail.id} was sent after its claim ran out`);
  }

  async function round(): Promise<void> {
    for (;;) {
      const due = await claimDueMails(sql, { limit: batchSize, leaseMs: options.leaseMs });
      await Promise.all(due.map(send));
      if (due.length < batchSize || stopped) return;
    }
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((error: unknown) => {
        console.error("[api] outbox: could not deliver:", error instanceof Error ? error.message : error);
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  timer = setInterval(wake, options.pollMs);
  timer.unref?.();
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await running;
      transport.close();
    },
  };
}
