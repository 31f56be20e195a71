// One daily run of recurring invoices issuing and sending `--templates` invoices (1 000 templates
// due the same day, mode „ausstellen und senden“: number, PDF, e-invoice and the mail with its
// attachment in the outbox), then checks that every template has exactly one run, every run
// exactly one issued invoice, every invoice exactly one mail in the outbox, and that a second run
// makes and sends nothing.
//
// Usage: [DATABASE_URL=postgres://…] bun bench/recurring-run.ts [--templates 1000]
//
// Prints the run's wall time, invoices per second and the process's RSS before and after.
import { loadavg } from "node:os";
import { todayInGermany } from "@klarwerk/kit";
import { runRecurringInvoices } from "../api/src/modules/recurring-invoices/index.ts";
import { createTestApp, testConfig } from "../api/test/support/app.ts";
import { createTestDatabase } from "../api/test/support/database.ts";
import { saveCompany } from "../api/test/support/invoices.ts";
import { databaseLabel, numberOption } from "./support/options.ts";

const templates = numberOption("--templates", 1000);
const db = await createTestDatabase();
const config = testConfig();
const today = todayInGermany();
try {
  const { sql } = db;
  // The company settings as the owner saves them (issuing needs them complete).
  await saveCompany(createTestApp(sql, config));
  await sql`
    insert into customers (name, address, email)
    select 'Kunde ' || n, 'Weg ' || n || e'\n' || '10115 Berlin', 'kunde' || n || '@example.de'
    from generate_series(1, ${templates}) n`;
  await sql`
    insert into recurring_invoices (customer_id, items, frequency, first_on, service_period, mode, next_run_on)
    select c.id, '[{"description":"Wartung","quantity":1,"unitPriceCents":10000}]'::jsonb, 'monthly',
      ${today}::date, 'current', 'send', ${today}::date
    from customers c`;
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const report = await runRecurringInvoices({ sql, config }, { today });
  const seconds = (performance.now() - started) / 1000;
  const rssAfter = process.memoryUsage().rss;
  const [check] = await sql<
    { runs: number; sent_runs: number; distinct_templates: number; invoices: number; issued: number }[]
  >`
    select count(r.*)::int as runs, count(*) filter (where r.state = 'sent')::int as sent_runs,
      count(distinct r.template_id)::int as distinct_templates,
      count(distinct i.id)::int as invoices, count(*) filter (where i.state = 'issued')::int as issued
    from recurring_invoice_runs r left join invoices i on i.id = r.invoice_id`;
  const mails = async () => {
    const [row] = await sql<{ mails: number; invoices: number; attachments: number }[]>`
      select count(*)::int as mails, count(distinct o.invoice_id)::int as invoices,
        (select count(*)::int from outbox_attachments a join outbox m on m.id = a.outbox_id where m.kind = 'invoice')
          as attachments
      from outbox o where o.kind = 'invoice'`;
    return row;
  };
  const outbox = await mails();
  const again = await runRecurringInvoices({ sql, config }, { today });
  const outboxAfter = await mails();
  const ok =
    report?.made === templates &&
    check?.runs === templates &&
    check.distinct_templates === templates &&
    check.invoices === templates &&
    check.issued === templates &&
    check.sent_runs === templates &&
    outbox?.mails === templates &&
    outbox.invoices === templates &&
    outbox.attachments >= templates &&
    outboxAfter?.mails === templates &&
    again?.made === 0;
  console.log(
    [
      `recurring-run (${databaseLabel()}): ${templates} templates due today`,
      `  one run: ${seconds.toFixed(1)} s, ${(templates / seconds).toFixed(1)} invoices/s`,
      `  RSS: ${(rssBefore / 2 ** 20).toFixed(0)} MiB before, ${(rssAfter / 2 ** 20).toFixed(0)} MiB after`,
      `  check: ${check?.runs} runs (${check?.sent_runs} sent), ${check?.distinct_templates} templates, ${check?.invoices} invoices (${check?.issued} issued); second run made ${again?.made}`,
      `  outbox: ${outbox?.mails} invoice mails for ${outbox?.invoices} invoices, ${outbox?.attachments} attachments; after the second run ${outboxAfter?.mails}`,
      `  load average: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(" ")}`,
      ok ? "  OK: every invoice and its mail exactly once" : "  FAILED: not exactly once",
    ].join("\n"),
  );
  if (!ok) process.exitCode = 1;
} finally {
  await db.drop();
}
