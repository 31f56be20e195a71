import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/** A mail as the SMTP server received it: the envelope, the raw message and the parsed one. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
  /** Whether the connection was TLS (STARTTLS or smtps) when the message came. */
  secure: boolean;
  user: string | null;
}

/** A self-signed certificate for localhost, made with openssl for this test run. */
let certificate: { key: string; cert: string } | null = null;
export function testCertificate(): { key: string; cert: string } {
  if (certificate) return certificate;
  const dir = mkdtempSync(join(tmpdir(), "klarwerk-smtp-cert-"));
  try {
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost"].concat([
        // The names a client checks the certificate against: tests connect to 127.0.0.1.
        "-addext",
        "subjectAltName=DNS:localhost,IP:127.0.0.1",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ]),
      { stdio: "ignore" },
    );
    certificate = {
      key: readFileSync(join(dir, "key.pem"), "utf8"),
      cert: readFileSync(join(dir, "cert.pem"), "utf8"),
    };
    return certificate;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A port nobody listens on right now (the SMTP server that is "down" until started on it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface TestSmtpServer {
  port: number;
  /**
   * With `tls`: `smtp://user:secret@127.0.0.1:<port>` (STARTTLS); without it the plain relay
   * on localhost, `smtp://127.0.0.1:<port>?tls=off` (with `user:secret@` under `plainAuth`).
   */
  url: string;
  received: ReceivedMail[];
  /** How many AUTH commands reached the server (successful or not). */
  authAttempts(): number;
  /** Answers RCPT TO for this address with `code message` (e.g. 550) from now on. */
  refuse(address: string, code: number): void;
  /**
   * From now on answers AUTH (a wrong password: 535) or MAIL FROM ("530 STARTTLS required") with
   * `code message`; null: accepts again.
   */
  refuseStep(step: "auth" | "mail-from", refusal: { code: number; message: string } | null): void;
  /** Accepts this address again after `refuse`. */
  accept(address: string): void;
  /** The mails to `address` received so far. */
  to(address: string): ReceivedMail[];
  /** Waits until `count` mails to `address` arrived (default 1), else fails after `timeoutMs`. */
  waitFor(address: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export interface SmtpServerOptions {
  /** 0 (the default): a random free one. */
  port?: number;
  /** STARTTLS offered and required before AUTH, with a certificate made for the run. */
  tls?: boolean;
  /** Without `tls`: AUTH offered on the plain connection (a server that would take a password in clear text). */
  plainAuth?: boolean;
  /**
   * Also keep every mail as `<sequence>.eml` (the raw message) in this folder, written before
   * the server answers 250: for readers in another process, such as the browser tests.
   */
  mailDir?: string;
}

/**
 * A real SMTP server in the test process (the `smtp-server` package) on a random port or the
 * one given. With `tls`: STARTTLS offered and required before AUTH, with a certificate made for
 * the run; without it, plain SMTP without AUTH (or with it, under `plainAuth`).
 */
export async function startSmtpServer({ port = 0, tls = false, plainAuth = false, mailDir }: SmtpServerOptions = {}) {
  const received: ReceivedMail[] = [];
  let authAttempts = 0;
  let saved = 0;
  /** Under a temporary name first, so a reader never sees half a mail. */
  const save = (raw: string) => {
    if (mailDir === undefined) return;
    const name = String(++saved).padStart(6, "0");
    writeFileSync(join(mailDir, `${name}.part`), raw);
    renameSync(join(mailDir, `${name}.part`), join(mailDir, `${name}.eml`));
  };
  const refused = new Map<string, number>();
  const refusedSteps = new Map<"auth" | "mail-from", { code: number; message: string }>();
  const refusal = (step: "auth" | "mail-from") => {
    const answer = refusedSteps.get(step);
    if (answer === undefined) return null;
    return Object.assign(new Error(answer.message), { responseCode: answer.code });
  };
  const options: SMTPServerOptions = {
    ...(tls ? testCertificate() : {}),
    disabledCommands: tls ? [] : plainAuth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !tls,
    allowInsecureAuth: plainAuth,
    logger: false,
    onAuth(auth, _session, callback) {
      authAttempts++;
      const refused = refusal("auth");
      if (refused) return callback(refused);
      if (auth.username === "user" && auth.password === "secret") callback(null, { user: auth.username });
      else callback(new Error("Invalid credentials"));
    },
    onMailFrom(_address, _session, callback) {
      callback(refusal("mail-from") ?? undefined);
    },
    onRcptTo(address, _session, callback) {
      const code = refused.get(address.address.toLowerCase());
      if (code === undefined) return callback();
      const error = new Error(`Mailbox ${address.address} refused`) as Error & { responseCode: number };
      error.responseCode = code;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        try {
          save(raw);
        } catch (error) {
          return callback(error as Error);
        }
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw,
              parsed,
              secure: session.secure,
              user: typeof session.user === "string" ? session.user : null,
            });
            callback();
          })
          .catch(callback);
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as { port: number }).port;
  const to = (address: string) => received.filter((mail) => mail.to.includes(address.toLowerCase()));
  return {
    port: actualPort,
    url: tls
      ? `smtp://user:secret@127.0.0.1:${actualPort}`
      : `smtp://${plainAuth ? "user:secret@" : ""}127.0.0.1:${actualPort}?tls=off`,
    received,
    authAttempts: () => authAttempts,
    refuse: (address, code) => refused.set(address.toLowerCase(), code),
    refuseStep: (step, answer) => {
      if (answer === null) refusedSteps.delete(step);
      else refusedSteps.set(step, answer);
    },
    accept: (address) => refused.delete(address.toLowerCase()),
    to,
    async waitFor(address, count = 1, timeoutMs = 15_000) {
      const started = Date.now();
      while (to(address).length < count) {
        if (Date.now() - started > timeoutMs) {
          throw new Error(`${to(address).length} of ${count} mail(s) to ${address} after ${timeoutMs} ms`);
        }
        await Bun.sleep(25);
      }
      return to(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies TestSmtpServer;
}
