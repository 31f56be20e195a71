// Wiederkehrende Rechnungen „ausstellen und senden“ (decisions 0079, 0080) on both databases
// against a real SMTP server: one mail with the stored PDF per run, sent once (a second job, and a
// run left `issued` by a crash between issuing and sending, send nothing twice), a customer
// without address leaves the run `issued` with the German note on the screen.
import { beforeAll, describe, expect, test } from "bun:test";
import { type RecurringInvoice, recurringInvoiceMessages, todayInGermany } from "@klarwerk/kit";
import type { App } from "../../src/app.ts";
import type { ResolvedConfig } from "../../src/config.ts";
import { systemActor } from "../../src/modules/audit/index.ts";
import { runRecurringInvoices } from "../../src/modules/recurring-invoices/index.ts";
import { recurringInvoicesService } from "../../src/modules/recurring-invoices/service.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { callJson } from "../support/http.ts";
import { saveCompany } from "../support/invoices.ts";
import { sendingTestKit } from "../support/sending.ts";
import { startSmtpServer } from "../support/smtp.ts";
import { type SignedInUser, signedInOwner, uniqueEmail } from "../support/users.ts";

const { caFile, cleanups } = sendingTestKit("recurring");

async function pdfText(bytes: Uint8Array): Promise<string> {
  const child = Bun.spawn(["pdftotext", "-layout", "-", "-"], { stdout: "pipe", stdin: bytes });
  const [text] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  return text;
}

describe.each(testDatabaseKinds())("recurring invoices sent by mail (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let owner: SignedInUser;
  let config: ResolvedConfig;
  const smtpReady = startSmtpServer({ tls: true });
  let smtp: Awaited<typeof smtpReady>;
  const today = todayInGermany();

  beforeAll(async () => {
    smtp = await smtpReady;
    cleanups.push(() => smtp.close());
    db = await createTestDatabase({ kind });
    cleanups.push(() => db.drop());
    config = testConfig({ SMTP_URL: smtp.url, SMTP_CA_FILE: caFile, MAIL_FROM: "portal@klarwerk.test" });
    app = createTestApp(db.sql, config, { delivery: { pollMs: 100, retryBaseMs: 200, maxRetryMs: 400 } });
    app.listen({ port: 0, hostname: "127.0.0.1" });
    cleanups.push(async () => {
      await app.stop();
    });
    await saveCompany(app, { contactEmail: "buchhaltung@klarwerk.test" });
    owner = await signedInOwner(app);
  }, 180_000);

  async function customer(email: string | null): Promise<number> {
    const [row] = await db.sql<{ id: number }[]>`
      insert into customers (name, address, email)
      values ('Müller & Söhne GmbH', 'Hauptstraße 5' || e'\n' || '80331 München', ${email}) returning id`;
    return Number(row?.id);
  }

  async function template(customerId: number, mode: "issue" | "send"): Promise<RecurringInvoice> {
    return recurringInvoicesService(db.sql).create(
      {
        customerId,
        items: [{ description: "Wartung", quantity: 1, unitPriceCents: 10_000 }],
        frequency: "monthly",
        firstOn: today,
        endsOn: null,
        servicePeriod: "current",
        mode,
      },
      owner.user.id,
      systemActor,
      today,
    );
  }

  async function shown(id: number): Promise<RecurringInvoice | undefined> {
    const list = await callJson<{ templates: RecurringInvoice[] }>(app, "/api/recurring-invoices", {
      token: owner.token,
    });
    return list.body.templates.find((one) => one.id === id);
  }

  const deps = () => ({ sql: db.sql, config });
  const mailsOf = async (invoiceId: number) =>
    (await db.sql<{ count: number }[]>`select count(*)::int as count from outbox where invoice_id = ${invoiceId}`)[0]
      ?.count;

  test("a send-mode run delivers exactly one mail with the PDF; a re-run sends nothing more", async () => {
    const address = uniqueEmail("kunde");
    const made = await template(await customer(address), "send");
    expect((await runRecurringInvoices(deps(), { today }))?.made).toBeGreaterThanOrEqual(1);
    const run = (await shown(made.id))?.runs[0];
    expect(run?.state).toBe("sent");
    expect(run?.sendNote).toBeNull();
    const [mail] = await smtp.waitFor(address);
    expect(mail?.parsed.subject).toContain(run?.invoiceNumber ?? "?");
    expect(mail?.parsed.attachments.map((file) => file.filename)).toEqual([`Rechnung_${run?.invoiceNumber}.pdf`]);
    expect(await pdfText(new Uint8Array(mail?.parsed.attachments[0]?.content ?? []))).toContain(
      run?.invoiceNumber ?? "?",
    );
    // The job again (and again): nothing more is written or delivered.
    await runRecurringInvoices(deps(), { today });
    await runRecurringInvoices(deps(), { today });
    expect(await mailsOf(run?.invoiceId ?? 0)).toBe(1);
    await Bun.sleep(600);
    expect(smtp.to(address)).toHaveLength(1);
    const [sentAt] = await db.sql<{ sent_at: Date | null }[]>`
      select sent_at from recurring_invoice_runs where id = ${run?.id ?? 0}`;
    expect(sentAt?.sent_at).not.toBeNull();
  });

  test("a run left issued between issuing and sending (a crash) is sent once by the next job", async () => {
    const address = uniqueEmail("nachzuegler");
    const made = await template(await customer(address), "issue");
    await runRecurringInvoices(deps(), { today });
    expect((await shown(made.id))?.runs[0]?.state).toBe("issued");
    // As after a crash right after the run's commit: the template sends, its run is still issued.
    await db.sql`update recurring_invoices set mode = 'send' where id = ${made.id}`;
    await runRecurringInvoices(deps(), { today });
    await runRecurringInvoices(deps(), { today });
    const run = (await shown(made.id))?.runs[0];
    expect(run?.state).toBe("sent");
    await smtp.waitFor(address);
    expect(await mailsOf(run?.invoiceId ?? 0)).toBe(1);
  });

  test("a customer without e-mail: the run stays issued with „keine E-Mail-Adresse beim Kunden“, nothing is sent", async () => {
    const made = await template(await customer(null), "send");
    await runRecurringInvoices(deps(), { today });
    await runRecurringInvoices(deps(), { today });
    const run = (await shown(made.id))?.runs[0];
    expect(run?.state).toBe("issued");
    expect(run?.sendNote).toBe(recurringInvoiceMessages.noCustomerEmail);
    expect(run?.sendNote).toContain("keine E-Mail-Adresse beim Kunden");
    expect(await mailsOf(run?.invoiceId ?? 0)).toBe(0);
  });
});
