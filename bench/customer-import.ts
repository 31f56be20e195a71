// The customer CSV import (decision 0099) at its row limit: a German Excel file of 10 000 customers
// (Windows-1252, `;`, umlauts, PLZ with leading zeros, phones as typed) uploaded, dry-run and
// imported as new customers; then the same customers with changed phones and statuses as a second
// file (10 000 updates matched by e-mail), dry-run and imported; then that import undone. Each step
// is timed through the app (`app.handle`, no socket), with the process's resident memory after it.
// Goal: dry run and import each ≤ 10 s.
//
// Usage: [DATABASE_URL=postgres://…] bun bench/customer-import.ts [--rows 10000]
import { createApp } from "../api/src/app.ts";
import { testConfig } from "../api/test/support/app.ts";
import { createTestDatabase } from "../api/test/support/database.ts";
import { callJson } from "../api/test/support/http.ts";
import { signedInOwner } from "../api/test/support/users.ts";
import { seededRandom } from "../mf-invoices/test/fixtures.ts";
import { databaseLabel, numberOption } from "./support/options.ts";

const goalMs = 10_000;
const rows = numberOption("rows", 10_000, { integer: true });

const surnames =
  "Müller Schäfer Köhler Böhm Krüger Weiß Groß Jäger Möller Schröder Günther Kühn Fuchs Lange Wolf Becker".split(" ");
const trades = ["Bäckerei", "Autohaus", "Praxis Dr.", "Kanzlei", "Café", "Metzgerei", "Blumenladen", "Zahnarztpraxis"];
const forms = ["GmbH", "e.K.", "GbR", "OHG", "& Söhne", "KG", ""];
const places: [string, string][] = [
  ["01067", "Dresden"],
  ["04109", "Leipzig"],
  ["08056", "Zwickau"],
  ["10115", "Berlin"],
  ["50667", "Köln"],
  ["80331", "München"],
  ["89073", "Ulm"],
  ["97070", "Würzburg"],
];
const streets = ["Hauptstraße", "Königsbrücker Str.", "Schloßallee", "Mühlenweg", "Gärtnerstraße", "Am Bürgerpark"];
const statuses = ["in kontakt", "angerufen", "gespraeche", "vertrag"];

/** Windows-1252 bytes of text made of Latin-1 letters (what the generator writes). */
function cp1252(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index) & 0xff;
  return bytes;
}

function file(variant: number): Uint8Array {
  const random = seededRandom(49);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const lines = ["Kundennummer;Firma;E-Mail;Telefon;Straße;PLZ;Ort;Status;Bemerkung"];
  for (let index = 0; index < rows; index++) {
    const name = `${pick(trades)} ${pick(surnames)} ${pick(forms)}`.trim();
    const [plz, city] = pick(places);
    const phone = `0${Math.floor(random() * 900 + 100)} ${Math.floor(random() * 9_000_000 + 1_000_000)}${variant}`;
    const status = pick(statuses);
    const note = random() < 0.2 ? `"Rückruf am ${1 + (index % 28)}.; Ansprechpartnerin Frau ${pick(surnames)}"` : "";
    lines.push(
      [
        "",
        `${name} ${index}`,
        `kontakt${index}@firma-${index}.de`,
        phone,
        `${pick(streets)} ${1 + (index % 120)}`,
        plz,
        city,
        variant === 0 ? status : "vertrag",
        note,
      ].join(";"),
    );
  }
  return cp1252(`${lines.join("\r\n")}\r\n`);
}

const mapping = ["customer_number", "name", "email", "phone", "street", "postal_code", "city", "status", "notes"];

const rss = () => `${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  console.log(
    `${label.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(6)} s  RSS ${rss()}${ms > goalMs ? "  OVER GOAL" : ""}`,
  );
  return result;
}

const db = await createTestDatabase();
const config = testConfig();
const app = createApp({ config, sql: db.sql });
try {
  const { token } = await signedInOwner(app);
  console.log(`customer import: ${rows} rows, ${databaseLabel()}, RSS at start ${rss()}`);
  for (const [variant, label] of [
    [0, "new customers"],
    [1, "updates by e-mail"],
  ] as const) {
    const bytes = file(variant);
    const upload = await timed(`${label}: upload (${Math.round(bytes.length / 1024)} KB)`, () =>
      callJson<{ import: { id: number; detected: string } }>(app, "/api/customers/imports", {
        body: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/octet-stream" }),
        token,
      }),
    );
    const id = upload.body.import.id;
    const dry = await timed(`${label}: dry run`, () =>
      callJson<{ counts: Record<string, number> }>(app, `/api/customers/imports/${id}/dry-run`, {
        json: { mapping },
        token,
      }),
    );
    console.log(`  ${upload.body.import.detected}; ${JSON.stringify(dry.body.counts)}`);
    const run = await timed(`${label}: import`, () =>
      callJson<{ result: Record<string, number> }>(app, `/api/customers/imports/${id}/run`, { json: {}, token }),
    );
    console.log(`  ${JSON.stringify(run.body.result)}`);
    if (variant === 1) {
      const undo = await timed(`${label}: undo`, () =>
        callJson<{ result: Record<string, number> }>(app, `/api/customers/imports/${id}/undo`, {
          method: "POST",
          token,
        }),
      );
      console.log(`  deleted ${undo.body.result.deleted}, restored ${undo.body.result.restored}`);
    }
  }
} finally {
  await db.drop();
  const { rm } = await import("node:fs/promises");
  await rm(config.dataDir, { recursive: true, force: true });
}
