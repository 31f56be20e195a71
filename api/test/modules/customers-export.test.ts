// GET /api/customers/export (decision 0093): the filtered list as „Excel (Deutsch)“ or RFC 4180
// CSV, parsed back with csv-parse and compared with the customers as the API stores them.
import { describe, expect, test } from "bun:test";
import {
  type AuditEvent,
  type Customer,
  customerLimits,
  customerPageLimits,
  customerStatusLabel,
  datevFieldLabels,
  todayInGermany,
} from "@klarwerk/kit";
import { parse } from "csv-parse/sync";
import { customerCsv, guardFormula } from "../../src/modules/customers/export.ts";
import { customerExportRateLimit } from "../../src/modules/customers/service.ts";
import { startAppTest } from "../support/app.ts";
import { call, callJson } from "../support/http.ts";
import { registerAndLogin, signedInOwner } from "../support/users.ts";

const { db, app } = await startAppTest();
const staff = await registerAndLogin(app, { name: "Sven Sachbearbeiter" });
const owner = await signedInOwner(app);

const headers = [
  "Kundennummer",
  "Name",
  "E-Mail",
  "Telefon",
  "Website",
  "Notizen",
  "Status",
  "Anschrift",
  "Leitweg-ID",
  datevFieldLabels.debitorNumber,
];

/** A name no other test uses, so each test's search finds exactly its own customers. */
function uniquePrefix(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}`;
}

async function create(json: Record<string, unknown>): Promise<Customer> {
  const answer = await callJson<{ customer: Customer }>(app, "/api/customers", { json, token: staff.token });
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.customer;
}

/** The row a customer is in the file: text as stored (null as empty), the status as the list shows it. */
function rowOf(customer: Customer, guard: (text: string) => string = (text) => text): string[] {
  const text = (value: string | null) => (value === null ? "" : guard(value));
  return [
    String(customer.id),
    text(customer.name),
    text(customer.email),
    text(customer.phone),
    text(customer.website),
    text(customer.notes),
    customerStatusLabel(customer.status),
    text(customer.address),
    text(customer.leitweg_id),
    String(customer.debitor_number),
  ];
}

const excelGuard = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

async function exportFile(query: string, token: string = staff.token) {
  const response = await call(app, `/api/customers/export?${query}`, { token });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

function parsed(text: string, delimiter: string): string[][] {
  return parse(text, { delimiter, bom: true, relax_column_count: false, record_delimiter: "\r\n" });
}

const bom = [0xef, 0xbb, 0xbf];

describe("GET /api/customers/export", () => {
  // Cells a spreadsheet would run, and the text that must come through unchanged.
  async function tricky(prefix: string): Promise<Customer[]> {
    return [
      await create({
        name: `${prefix} Bäckerei Größe; „Süß“ & Söhne, "Mehl"`,
        email: "info@baeckerei.de",
        phone: "+49 30 123456",
        website: "www.baeckerei.de",
        notes: '=HYPERLINK("https://böse.example";"Klick")\r\nZweite Zeile; mit Semikolon, Komma',
        address: "Hauptstraße 1\n01067 Dresden",
        leitweg_id: "04011000-12345-03",
        status: "vertrag",
      }),
      await create({ name: `${prefix} Müller`, phone: "-49 171 2345678", notes: "@SUMME(A1:A2)", address: "01234" }),
      await create({ name: `${prefix} Öztürk`, notes: "+1 Rückruf", status: "angerufen" }),
      await create({ name: `${prefix} Leer` }),
    ];
  }

  test("„Excel (Deutsch)“: BOM, semicolons, CRLF, German headers, formula cells guarded, umlauts and a leading 0 kept", async () => {
    const prefix = uniquePrefix("Excel");
    const customers = await tricky(prefix);
    const { response, bytes, text } = await exportFile(`format=excel&search=${encodeURIComponent(prefix)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Kunden_${todayInGermany()}.csv"`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect([...bytes.slice(0, 3)]).toEqual(bom);
    expect(text.startsWith(`\uFEFF${headers.join(";")}\r\n`)).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const rows = parsed(text, ";");
    expect(rows[0]).toEqual(headers);
    // Newest first, as the list.
    expect(rows.slice(1)).toEqual([...customers].reverse().map((customer) => rowOf(customer, excelGuard)));
    const byName = new Map(rows.slice(1).map((row) => [row[1], row]));
    const [bakery, mueller, oeztuerk] = customers as [Customer, Customer, Customer];
    expect(byName.get(bakery.name)?.[3]).toBe("'+49 30 123456");
    expect(byName.get(bakery.name)?.[5]?.startsWith("'=HYPERLINK(")).toBe(true);
    expect(byName.get(bakery.name)?.[7]).toBe("Hauptstraße 1\n01067 Dresden");
    expect(byName.get(mueller.name)?.[3]).toBe("'-49 171 2345678");
    expect(byName.get(mueller.name)?.[5]).toBe("'@SUMME(A1:A2)");
    expect(byName.get(mueller.name)?.[7]).toBe("01234");
    expect(byName.get(oeztuerk.name)?.[5]).toBe("'+1 Rückruf");
    // A stored field is trimmed, so none starts with a tab or a carriage return; the guard would still catch one.
    expect(["\tA", "\rB", "=C", "+D", "-E", "@F", "G=", " =H"].map(guardFormula)).toEqual([
      "'\tA",
      "'\rB",
      "'=C",
      "'+D",
      "'-E",
      "'@F",
      "G=",
      " =H",
    ]);
  });

  test("RFC 4180: no BOM, commas, CRLF, quotes doubled, every cell exactly as stored", async () => {
    const prefix = uniquePrefix("Plain");
    const customers = await tricky(prefix);
    const { response, bytes, text } = await exportFile(`format=csv&search=${encodeURIComponent(prefix)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(bytes[0]).toBe("K".charCodeAt(0));
    expect(text.startsWith(`${headers.join(",")}\r\n`)).toBe(true);
    expect(text).toContain('""Mehl""');
    const rows = parsed(text, ",");
    expect(rows).toEqual([headers, ...[...customers].reverse().map((customer) => rowOf(customer))]);
    expect(rows.find((row) => row[1] === customers[1]?.name)?.[3]).toBe("-49 171 2345678");
  });

  test("without a format: Excel", async () => {
    const { response, bytes } = await exportFile(`search=${uniquePrefix("Niemand")}`);
    expect(response.status).toBe(200);
    expect([...bytes]).toEqual([...bom, ...new TextEncoder().encode(`${headers.join(";")}\r\n`)]);
  });

  test("the list's search and status filter apply; every match, not one page (page and limit are not read)", async () => {
    const prefix = uniquePrefix("Filter");
    const contracts: Customer[] = [];
    for (let index = 0; index < 23; index++) {
      contracts.push(await create({ name: `${prefix} Vertrag ${index}`, status: "vertrag" }));
    }
    const other = await create({ name: `${prefix} Kontakt`, status: "in_kontakt" });
    await create({ name: uniquePrefix("Fremd"), status: "vertrag" });

    const all = parsed((await exportFile(`format=csv&search=${encodeURIComponent(prefix)}&page=2&limit=1`)).text, ",");
    expect(all.slice(1).map((row) => Number(row[0]))).toEqual([other, ...[...contracts].reverse()].map((c) => c.id));

    const filtered = parsed(
      (await exportFile(`format=csv&search=${encodeURIComponent(prefix.toUpperCase())}&status=vertrag`)).text,
      ",",
    );
    expect(filtered.slice(1).map((row) => Number(row[0]))).toEqual([...contracts].reverse().map((c) => c.id));

    // `%` and `_` match themselves, as in the list.
    const literal = await create({ name: `${prefix} 100%_sicher` });
    const percent = parsed((await exportFile(`format=csv&search=${encodeURIComponent(`${prefix} 100%_`)}`)).text, ",");
    expect(percent.slice(1).map((row) => Number(row[0]))).toEqual([literal.id]);
  });

  test("the list's tag filter applies with search and status; a tag nobody has exports the header alone", async () => {
    const prefix = uniquePrefix("Markiert");
    const tagged = [
      await create({ name: `${prefix} Vertrag`, status: "vertrag" }),
      await create({ name: `${prefix} Kontakt`, status: "in_kontakt" }),
    ];
    await create({ name: `${prefix} Ohne Tag`, status: "vertrag" });
    const tag = `Messe ${prefix}`;
    for (const customer of tagged) {
      const answer = await callJson(app, `/api/customers/${customer.id}/tags`, { json: { tag }, token: staff.token });
      expect(answer.status).toBe(200);
    }
    // Spaces folded as the list folds them.
    const byTag = parsed((await exportFile(`format=csv&tag=${encodeURIComponent(`  Messe   ${prefix} `)}`)).text, ",");
    expect(byTag.slice(1).map((row) => Number(row[0]))).toEqual([...tagged].reverse().map((c) => c.id));
    const narrowed = parsed(
      (
        await exportFile(
          `format=csv&tag=${encodeURIComponent(tag)}&status=vertrag&search=${encodeURIComponent(prefix)}`,
        )
      ).text,
      ",",
    );
    expect(narrowed.slice(1).map((row) => Number(row[0]))).toEqual(tagged.slice(0, 1).map((c) => c.id));
    const nobody = parsed((await exportFile(`format=csv&tag=${encodeURIComponent(`${tag} nie`)}`)).text, ",");
    expect(nobody).toHaveLength(1);
  });

  test("batches: every row once, in order, at a batch's size and one either side of it", async () => {
    const prefix = uniquePrefix("Stapel");
    const created: Customer[] = [];
    for (let index = 0; index < 7; index++) created.push(await create({ name: `${prefix} ${index}` }));
    const newestFirst = [...created].reverse();
    for (const [count, batchSize] of [
      [6, 3],
      [6, 5],
      [6, 6],
      [6, 7],
      [7, 3],
      [1, 1],
    ] as const) {
      const wanted = newestFirst.slice(newestFirst.length - count);
      const stream = customerCsv(db.sql, { search: prefix, status: null, tag: null }, "csv", {
        lastId: wanted[0]?.id ?? 0,
        batchSize,
      });
      const rows = parsed(await new Response(stream).text(), ",");
      expect(rows).toEqual([headers, ...wanted.map((customer) => rowOf(customer))]);
    }
  });

  test("unexpected input: 400 with a German message, never a 500", async () => {
    const cases: [string, string][] = [
      ["format=xlsx", "Der Parameter „format“ muss „excel“ oder „csv“ sein."],
      ["format=EXCEL", "Der Parameter „format“ muss „excel“ oder „csv“ sein."],
      ["status=kunde", "Der Parameter „status“ ist kein bekannter Kundenstatus."],
      [
        `tag=${"t".repeat(customerPageLimits.tagMax + 1)}`,
        `Der Parameter „tag“ darf höchstens ${customerPageLimits.tagMax} Zeichen lang sein.`,
      ],
      [
        `search=${"s".repeat(customerLimits.nameMax + 1)}`,
        `Der Suchbegriff darf höchstens ${customerLimits.nameMax} Zeichen lang sein.`,
      ],
    ];
    for (const [query, message] of cases) {
      const answer = await callJson(app, `/api/customers/export?${query}`, { token: staff.token });
      expect({ query, status: answer.status, body: answer.body }).toEqual({
        query,
        status: 400,
        body: { code: "invalid-query", message },
      });
    }
    const longest = await exportFile(`search=${"s".repeat(customerLimits.nameMax)}`);
    expect(longest.response.status).toBe(200);
    const longestTag = await exportFile(`tag=${"t".repeat(customerPageLimits.tagMax)}`);
    expect(longestTag.response.status).toBe(200);
  });

  test("signed out: 401; staff and admins may export", async () => {
    const signedOut = await callJson(app, "/api/customers/export");
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ code: expect.any(String), message: expect.any(String) });
    expect((await exportFile("format=csv", owner.token)).response.status).toBe(200);
    expect((await exportFile("format=csv", staff.token)).response.status).toBe(200);
  });

  test(`${customerExportRateLimit.max} exports a minute per account; the next is 429 with Retry-After, another account still exports`, async () => {
    const busy = await registerAndLogin(app, { name: "Emsig" });
    for (let index = 0; index < customerExportRateLimit.max; index++) {
      expect((await exportFile("format=csv&search=x", busy.token)).response.status).toBe(200);
    }
    const refused = await callJson(app, "/api/customers/export?format=csv&search=x", { token: busy.token });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: "rate-limited",
      message: "Zu viele Exporte in kurzer Zeit. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
    });
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await exportFile("format=csv&search=x", staff.token)).response.status).toBe(200);
  });

  test("each export is in the Protokoll: who, format, search, status, tag and how many rows, never whose", async () => {
    const prefix = uniquePrefix("Protokoll");
    await create({ name: `${prefix} A`, status: "vertrag" });
    await create({ name: `${prefix} B`, status: "vertrag" });
    await exportFile(`format=excel&search=${encodeURIComponent(prefix)}&status=vertrag`);
    const answer = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?action=customer.exported", {
      token: owner.token,
    });
    const event = answer.body.events.find((entry) => entry.changes?.search?.after === prefix);
    expect(event).toMatchObject({
      actor_name: staff.name,
      object_type: "customer",
      object_id: null,
      fields: ["format", "search", "status", "tag", "count"],
      changes: {
        format: { before: null, after: "excel" },
        search: { before: null, after: prefix },
        status: { before: null, after: "vertrag" },
        tag: { before: null, after: null },
        count: { before: null, after: 2 },
      },
    });
  });
});
