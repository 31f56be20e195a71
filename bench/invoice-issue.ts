// Issuing an invoice through the API: the time from `POST /api/invoices` with `issue: true` until
// the answer, which comes once the invoice is numbered and its ZUGFeRD PDF (pdfmake, then
// Factur-X EN 16931 with the CII XML attached) is stored as a blob and committed. A 100-item
// invoice, against the goal: ≤ 300 ms (median). For context also a 1-item invoice
// and the first issue after start (which compiles the e-invoice library's schema and loads the
// fonts once). Each PDF is fetched afterwards (untimed) to show it exists.
//
// Usage: [DATABASE_URL=postgres://…] bun bench/invoice-issue.ts [--items 100] [--runs 9]
//
// The server runs in a child process (`--serve`) on a fresh database, as `bun start` runs it.
import { createApp } from "../api/src/app.ts";
import { testConfig } from "../api/test/support/app.ts";
import { createTestDatabase } from "../api/test/support/database.ts";
import { overHttp } from "../api/test/support/http.ts";
import { invoiceJson, issuableCompany } from "../api/test/support/invoices.ts";
import { signedInOwner } from "../api/test/support/users.ts";
import { reportReady, startChild } from "./support/child.ts";
import { databaseLabel, numberOption } from "./support/options.ts";
import { median } from "./support/stats.ts";

const goalMs = 300;

interface Ready {
  port: number | undefined;
}

async function serve(): Promise<void> {
  const db = await createTestDatabase();
  const config = testConfig();
  const app = createApp({ config, sql: db.sql }).listen({ port: 0, hostname: "127.0.0.1" });
  reportReady<Ready>({ port: app.server?.port }, async () => {
    await app.stop();
    await db.drop();
    const { rm } = await import("node:fs/promises");
    await rm(config.dataDir, { recursive: true, force: true });
  });
}

function invoiceWith(items: number, run: number): Record<string, unknown> {
  return invoiceJson({
    issue: true,
    items: Array.from({ length: items }, (_, index) => ({
      description: `Beratungsleistung ${index + 1}: Konzeption, Umsetzung und Abstimmung (Lauf ${run})`,
      quantity: 1 + (index % 7),
      unitPriceCents: 9_990 + index * 13,
    })),
  });
}

async function measure(): Promise<void> {
  const items = numberOption("items", 100, { integer: true });
  const runs = numberOption("runs", 9, { integer: true });
  console.log(`invoice issue: ${items} items, ${runs} runs, ${databaseLabel()}`);
  const server = await startChild<Ready>(import.meta.path, "--serve");
  try {
    const origin = `http://127.0.0.1:${server.ready.port}`;
    // The owner, an admin: only admins save the company settings.
    const { token } = await signedInOwner(overHttp(origin));
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const company = await fetch(`${origin}/api/company`, {
      method: "PUT",
      headers,
      body: JSON.stringify(issuableCompany),
    });
    if (!company.ok) throw new Error(`PUT /api/company answered ${company.status}`);

    let run = 0;
    const issue = async (count: number): Promise<number> => {
      run++;
      const body = JSON.stringify(invoiceWith(count, run));
      const started = performance.now();
      const answer = await fetch(`${origin}/api/invoices`, { method: "POST", headers, body });
      const elapsed = performance.now() - started;
      const json = (await answer.json()) as { invoice?: { id: number; number: string }; message?: string };
      if (answer.status !== 201 || !json.invoice) throw new Error(`issue answered ${answer.status}: ${json.message}`);
      const pdf = await fetch(`${origin}/api/invoices/${json.invoice.id}/pdf`, { headers });
      const bytes = (await pdf.arrayBuffer()).byteLength;
      if (!pdf.ok || bytes === 0) throw new Error(`the PDF of ${json.invoice.number} is missing (${pdf.status})`);
      return elapsed;
    };

    const first = await issue(items);
    const small: number[] = [];
    const large: number[] = [];
    for (let round = 0; round < runs; round++) {
      small.push(await issue(1));
      large.push(await issue(items));
    }
    const format = (ms: number) => `${ms.toFixed(0)} ms`;
    console.log(`  first issue after start (${items} items): ${format(first)}`);
    console.log(
      `  1 item:   median ${format(median(small))}  (min ${format(Math.min(...small))}, max ${format(Math.max(...small))})`,
    );
    console.log(
      `  ${items} items: median ${format(median(large))}  (min ${format(Math.min(...large))}, max ${format(Math.max(...large))})`,
    );
    console.log(`  runs: ${large.map((ms) => ms.toFixed(0)).join(", ")}`);
    const ratio = median(large) / goalMs;
    console.log(
      `\nissue ${items}-item invoice until its PDF is stored: ${format(median(large))} = ${ratio.toFixed(2)} × goal (${goalMs} ms) ${ratio <= 1 ? "✓" : "✗"}`,
    );
  } finally {
    await server.stop();
  }
}

if (process.argv.includes("--serve")) await serve();
else await measure();
