import { afterAll } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { App } from "../../src/app.ts";
import type { DeliveryOptions } from "../../src/mail/delivery.ts";
import { createTestApp, testConfig } from "./app.ts";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./database.ts";
import { saveCompany } from "./invoices.ts";
import { startSmtpServer, testCertificate } from "./smtp.ts";
import { registerAndLogin, signedInOwner } from "./users.ts";

/** The sender address the sending tests' apps use. */
export const sendingFrom = "portal@klarwerk.test";
const delivery: Partial<DeliveryOptions> = { pollMs: 100, retryBaseMs: 200, maxRetryMs: 400 };

/**
 * For a file of „Per E-Mail senden“ tests: the test CA the apps trust, the cleanups run after the
 * file (newest first), and `startApp`, an app listening on a free port that sends to `smtpUrl`.
 */
export function sendingTestKit(name: string) {
  const caDir = mkdtempSync(join(tmpdir(), `klarwerk-${name}-ca-`));
  const caFile = join(caDir, "ca.pem");
  writeFileSync(caFile, testCertificate().cert);
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(caDir, { recursive: true, force: true });
  }, 60_000);

  function startApp(db: TestDatabase, smtpUrl: string, env: Record<string, string> = {}): App {
    const app = createTestApp(
      db.sql,
      testConfig({ SMTP_URL: smtpUrl, SMTP_CA_FILE: caFile, MAIL_FROM: sendingFrom, ...env }),
      { delivery },
    );
    app.listen({ port: 0, hostname: "127.0.0.1" });
    cleanups.push(async () => {
      await app.stop();
    });
    return app;
  }

  /**
   * One database of `kind` with an app sending to a TLS SMTP server of its own, the company set up
   * (its contact address the mails' Reply-To), the owner and one staff member signed in.
   */
  async function world(kind: DatabaseKind, { contactEmail, staffName }: { contactEmail: string; staffName: string }) {
    const smtp = await startSmtpServer({ tls: true });
    cleanups.push(() => smtp.close());
    const db = await createTestDatabase({ kind });
    cleanups.push(() => db.drop());
    const app = startApp(db, smtp.url);
    await saveCompany(app, { contactEmail });
    const owner = await signedInOwner(app);
    const staff = await registerAndLogin(app, { name: staffName });
    return { smtp, db, app, owner, staff };
  }

  return { caFile, cleanups, startApp, world };
}

/** The text of a PDF as `pdftotext -layout` reads it (what a person sees in the attachment). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const child = Bun.spawn(["pdftotext", "-layout", "-", "-"], { stdout: "pipe", stderr: "pipe", stdin: bytes });
  const [stdout] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  return stdout;
}

/** A send body maker with the file's own subject and text: `mailBody(to, overrides)`. */
export function mailBodyOf(defaults: Record<string, unknown>) {
  return (to: string[], overrides: Record<string, unknown> = {}) => ({ to, ...defaults, ...overrides });
}
