// The customer CSV import (decision 0099): files as German Excel writes them, read, judged row by
// row, imported and undone through the API, compared with what the list and the export then show.
import { describe, expect, test } from "bun:test";
import {
  type AuditEvent,
  type Customer,
  type CustomerImportDryRun,
  type CustomerImportMapping,
  type CustomerImportPreview,
  type CustomerImportResult,
  customerImportLimits,
} from "@klarwerk/kit";
import { parse } from "csv-parse/sync";
import { startAppTest } from "../support/app.ts";
import { call, callJson } from "../support/http.ts";
import { registerAndLogin, signedInOwner } from "../support/users.ts";

const { db, app } = await startAppTest();
const staff = await registerAndLogin(app, { name: "Sven Sachbearbeiter" });
const other = await registerAndLogin(app, { name: "Olga Otto" });
const owner = await signedInOwner(app);

/** Windows-1252 bytes of text (the letters German files use; the typographic quotes and € included). */
function cp1252(text: string): Uint8Array {
  const special: Record<string, number> = { "€": 0x80, "„": 0x84, "“": 0x93, "”": 0x94, "–": 0x96 };
  return Uint8Array.from([...text].map((char) => special[char] ?? char.charCodeAt(0)));
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (text: string) => Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(text)]);

/** The error answer's two fields, whatever else the answer type names. */
function errorOf(body: { code?: string; message?: string }) {
  return { code: body.code, message: body.message };
}

function unique(label: string): string {
  return `${label} ${crypto.randomUUID().slice(0, 8)}`;
}

async function upload(bytes: Uint8Array, token: string = staff.token) {
  return callJson<{ import: CustomerImportPreview } & { code?: string; message?: string }>(
    app,
    "/api/customers/imports",
    {
      body: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/octet-stream" }),
      token,
    },
  );
}

async function prepared(bytes: Uint8Array): Promise<CustomerImportPreview> {
  const answer = await upload(bytes);
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.import;
}

async function dryRun(id: number, mapping: CustomerImportMapping, token: string = staff.token) {
  return callJson<CustomerImportDryRun & { code?: string; message?: string }>(
    app,
    `/api/customers/imports/${id}/dry-run`,
    { json: { mapping }, token },
  );
}

async function run(id: number, choices: Record<string, string> = {}, token: string = staff.token) {
  return callJson<{ result: CustomerImportResult; code?: string; message?: string }>(
    app,
    `/api/customers/imports/${id}/run`,
    { json: { choices }, token },
  );
}

async function undo(id: number, token: string = staff.token) {
  return callJson<{ result: CustomerImportResult; code?: string; message?: string }>(
    app,
    `/api/customers/imports/${id}/undo`,
    { method: "POST", token },
  );
}

async function create(json: Record<string, unknown>, token: string = staff.token): Promise<Customer> {
  const answer = await callJson<{ customer: Customer }>(app, "/api/customers", { json, token });
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.customer;
}

async function customer(id: number): Promise<Customer | null> {
  const answer = await callJson<{ customer: Customer }>(app, `/api/customers/${id}`, { token: staff.token });
  return answer.status === 200 ? answer.body.customer : null;
}

async function search(term: string): Promise<Customer[]> {
  const answer = await callJson<{ customers: Customer[] }>(app, `/api/customers?search=${encodeURIComponent(term)}`, {
    token: staff.token,
  });
  return answer.body.customers;
}

const excelHeader = "Kundennummer;Name;E-Mail;Telefon;Straße;PLZ;Ort;Status";
const excelMapping: CustomerImportMapping = [
  "customer_number",
  "name",
  "email",
  "phone",
  "street",
  "postal_code",
  "city",
  "status",
];

describe("reading the file", () => {
  test("German Excel: Windows-1252, semicolons, umlauts in the preview, a PLZ with its leading 0", async () => {
    const name = unique("Bäckerei Müller & Söhne");
    const file = cp1252(
      `${excelHeader}\r\n;${name};info@baeckerei-${name.slice(-8)}.de;+49 351 12345;Große Straße 1;01067;Dresden;in kontakt\r\n;Plain GmbH;;;;;;\r\n`,
    );
    const preview = await prepared(file);
    expect(preview.encoding).toBe("windows-1252");
    expect(preview.delimiter).toBe(";");
    expect(preview.detected).toBe("erkannt: Windows-1252, Semikolon");
    expect(preview.headers).toEqual(["Kundennummer", "Name", "E-Mail", "Telefon", "Straße", "PLZ", "Ort", "Status"]);
    expect(preview.rows).toBe(2);
    expect(preview.sample[0]).toEqual({
      line: 2,
      cells: [
        "",
        name,
        `info@baeckerei-${name.slice(-8)}.de`,
        "+49 351 12345",
        "Große Straße 1",
        "01067",
        "Dresden",
        "in kontakt",
      ],
    });
    expect(preview.mapping).toEqual(excelMapping);
  });

  test.each([
    [
      "UTF-8 with BOM",
      withBom("Name;E-Mail\r\nÄrztehaus Köln;a@b.de\r\n"),
      "utf-8-bom",
      ";",
      "erkannt: UTF-8 mit BOM, Semikolon",
    ],
    ["UTF-8 without BOM, commas", utf8("Name,E-Mail\nÄrztehaus Köln,a@b.de\n"), "utf-8", ",", "erkannt: UTF-8, Komma"],
    ["tabs", utf8("Name\tE-Mail\nÄrztehaus Köln\ta@b.de\n"), "utf-8", "\t", "erkannt: UTF-8, Tabulator"],
    [
      "Excel's sep= line",
      utf8("sep=,\nName,E-Mail;Telefon\nÄrztehaus Köln,a@b.de;1\n"),
      "utf-8",
      ",",
      "erkannt: UTF-8, Komma",
    ],
    [
      "UTF-16 (Unicode-Text)",
      Uint8Array.from([
        0xff,
        0xfe,
        ...new Uint8Array(
          new Uint16Array([..."Name\tE-Mail\nÄrztehaus Köln\ta@b.de\n"].map((c) => c.charCodeAt(0))).buffer,
        ),
      ]),
      "utf-16le",
      "\t",
      "erkannt: UTF-16 (Unicode-Text), Tabulator",
    ],
  ])("%s", async (_label, bytes, encoding, delimiter, detected) => {
    const preview = await prepared(bytes);
    expect(preview.encoding as string).toBe(encoding);
    expect(preview.delimiter as string).toBe(delimiter);
    expect(preview.detected).toBe(detected);
    expect(preview.sample[0]?.cells[0]).toBe("Ärztehaus Köln");
  });

  test("quoted cells: separators, doubled quotes and line breaks inside; a stray quote in an unquoted cell is text", async () => {
    const preview = await prepared(
      utf8('Name;Notizen\r\n"Sonne; Mond GmbH";"Zeile 1\r\nZeile 2 mit ""Zitat"""\r\nBäckerei "Sonne";x\r\n'),
    );
    expect(preview.sample.map((row) => [row.line, ...row.cells])).toEqual([
      [2, "Sonne; Mond GmbH", 'Zeile 1\r\nZeile 2 mit "Zitat"'],
      [3, 'Bäckerei "Sonne"', "x"],
    ]);
  });

  test("the export's formula guard is taken off; other formula text stays text", async () => {
    const preview = await prepared(utf8("Name;Telefon;Notizen\r\n'=HYPERLINK(\"x\");'+49 30 1;=1+1\r\n"));
    expect(preview.sample[0]?.cells).toEqual(['=HYPERLINK("x")', "+49 30 1", "=1+1"]);
  });

  test("a BOM in the middle (two files pasted together) is removed and said", async () => {
    const preview = await prepared(withBom(`Name;E-Mail\r\nA;a@b.de\r\n\uFEFFB;b@b.de\r\n`));
    expect(preview.sample.map((row) => row.cells[0])).toEqual(["A", "B"]);
    expect(preview.notes).toEqual(["Ein unsichtbares Zeichen (Byte-Order-Mark) mitten in der Datei wurde entfernt."]);
  });

  test("the preview shows the first rows and the rows with umlauts further down", async () => {
    const lines = Array.from({ length: 30 }, (_, index) => `Kunde ${index}`);
    lines[25] = "Jürgen Größe";
    const preview = await prepared(utf8(`Name\n${lines.join("\n")}\n`));
    expect(preview.sample.map((row) => row.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 27]);
  });

  test.each([
    [
      "an unclosed quote",
      utf8('Name;E-Mail\r\nA;a@b.de\r\n"B;b@b.de\r\n'),
      422,
      "customer-import-unreadable",
      /Anführungszeichen wird nicht geschlossen/,
    ],
    ["an empty file", new Uint8Array(), 422, "customer-import-unreadable", /Die Datei ist leer/],
    ["only a header", utf8("Name;E-Mail\r\n"), 422, "customer-import-unreadable", /nur die Kopfzeile/],
    ["a NUL byte", utf8("Name\r\nA\u0000B\r\n"), 422, "customer-import-unreadable", /Nullbytes/],
    [
      "a million columns",
      utf8(`Name${";".repeat(1_000_000)}\r\nA\r\n`),
      422,
      "customer-import-too-many-columns",
      /mehr als 50 Spalten/,
    ],
    [
      "an endless cell",
      utf8(`Name\r\n${"x".repeat(20_001)}\r\n`),
      422,
      "customer-import-unreadable",
      /Zeile 2 ist länger als 20\.000 Zeichen/,
    ],
    [
      "an endless quoted cell",
      utf8(`Name\r\n"${"x\n".repeat(10_001)}"\r\n`),
      422,
      "customer-import-unreadable",
      /länger als 20\.000 Zeichen/,
    ],
    [
      "51 columns",
      utf8(`${Array.from({ length: 51 }, (_, i) => `S${i}`).join(";")}\r\nA\r\n`),
      422,
      "customer-import-too-many-columns",
      /mehr als 50 Spalten/,
    ],
  ])("%s is refused in German", async (_label, bytes, status, code, message) => {
    const answer = await upload(bytes);
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    expect(answer.body.message).toMatch(message);
  });

  test("50 columns are read", async () => {
    const preview = await prepared(utf8(`${Array.from({ length: 50 }, (_, i) => `S${i}`).join(";")}\r\nA\r\n`));
    expect(preview.headers).toHaveLength(50);
  });

  test("rows: 10 000 are read, 10 001 refused", async () => {
    const rows = (count: number) => utf8(`Name\n${Array.from({ length: count }, (_, i) => `K${i}`).join("\n")}\n`);
    expect((await prepared(rows(customerImportLimits.maxRows))).rows).toBe(customerImportLimits.maxRows);
    const answer = await upload(rows(customerImportLimits.maxRows + 1));
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("customer-import-too-many-rows");
    expect(answer.body.message).toBe(
      "Die Datei hat mehr als 10.000 Zeilen. Bitte teilen Sie sie in mehrere Dateien auf.",
    );
  });

  test("bytes: 5 MB are read, one byte more is a 413", async () => {
    const header = "Name;Notizen\n";
    const line = `A;${"x".repeat(998)}\n`; // 1 000 bytes
    const body = header + line.repeat(Math.floor((customerImportLimits.maxBytes - header.length) / line.length));
    const padded = body + "y".repeat(customerImportLimits.maxBytes - body.length);
    expect(padded.length).toBe(customerImportLimits.maxBytes);
    expect((await upload(utf8(padded))).status).toBe(201);
    const over = await upload(utf8(`${padded}z`));
    expect(over.status).toBe(413);
    expect(errorOf(over.body)).toEqual({
      code: "payload-too-large",
      message: "Die Datei ist zu groß. Erlaubt sind höchstens 5 MB.",
    });
  });

  test("signed out: 401, nothing kept", async () => {
    const answer = await call(app, "/api/customers/imports", {
      body: new Blob([utf8("Name\nA\n")], { type: "application/octet-stream" }),
    });
    expect(answer.status).toBe(401);
  });

  test("a text/csv body is refused by the body policy (a plain form cannot post it)", async () => {
    const answer = await call(app, "/api/customers/imports", {
      body: new Blob([utf8("Name\nA\n")], { type: "text/csv" }),
      token: staff.token,
    });
    expect(answer.status).toBe(400);
  });
});

describe("the dry run", () => {
  test("every status with its German reason; matched by Kundennummer, then e-mail", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const byNumber = await create({ name: `Nummer ${tag}`, phone: "030 1" });
    const byEmail = await create({ name: `Mail ${tag}`, email: `mail-${tag}@example.de` });
    const same = await create({ name: `Gleich ${tag}`, email: `gleich-${tag}@example.de`, phone: "030 2" });
    const twinA = await create({ name: `Zwilling A ${tag}`, email: `zwilling-${tag}@example.de` });
    const twinB = await create({ name: `Zwilling B ${tag}`, email: `zwilling-${tag}@example.de` });
    const otherName = await create({ name: `Anders ${tag}`, email: `anders-${tag}@example.de` });
    const file = [
      excelHeader,
      `;Neu ${tag};neu-${tag}@example.de;0351 1;Weg 1;01067;Dresden;`,
      `${byNumber.id};Nummer ${tag};;030 99;;;;vertrag`,
      `;Mail ${tag};MAIL-${tag}@example.de;;;;;gespraeche`,
      `${same.id};Gleich ${tag};gleich-${tag}@example.de;030 2;;;;`,
      `;Wer auch immer ${tag};zwilling-${tag}@example.de;;;;;`,
      `;Ganz anders ${tag};anders-${tag}@example.de;;;;;`,
      `${byNumber.id};Nummer ${tag};mail-${tag}@example.de;;;;;`,
      `99999999;X ${tag};;;;;;`,
      `abc;X ${tag};;;;;;`,
      `;Y ${tag};;nicht-telefon;;;;`,
      `;Z ${tag};;;;;;unbekannt`,
      `;;;;;;;`,
      `;Doppelt ${tag};neu-${tag}@example.de;;;;;`,
      `${same.id};Gleich ${tag};;;;;;`,
    ].join("\r\n");
    const preview = await prepared(cp1252(`${file}\r\n`));
    const answer = await dryRun(preview.id, excelMapping);
    expect(answer.status).toBe(200);
    const rows = answer.body.rows.map(({ line, status, reason, customer }) => ({
      line,
      status,
      reason,
      customer: customer?.id ?? null,
    }));
    const named = (c: Customer) => `„${c.name}“ (Nr. ${c.id})`;
    expect(rows).toEqual([
      { line: 2, status: "new", reason: null, customer: null },
      { line: 3, status: "update", reason: "Ändert: Telefon, Status", customer: byNumber.id },
      { line: 4, status: "update", reason: "Ändert: E-Mail, Status", customer: byEmail.id },
      { line: 5, status: "unchanged", reason: null, customer: same.id },
      {
        line: 6,
        status: "conflict",
        reason: `Mehrere Kunden haben diese E-Mail-Adresse: ${named(twinA)}, ${named(twinB)}.`,
        customer: null,
      },
      {
        line: 7,
        status: "conflict",
        reason: `Gleiche E-Mail-Adresse wie ${named(otherName)}, aber ein anderer Name.`,
        customer: otherName.id,
      },
      {
        line: 8,
        status: "conflict",
        reason: `Die E-Mail-Adresse gehört zu ${named(byEmail)}, die Kundennummer zu ${named(byNumber)}.`,
        customer: byNumber.id,
      },
      {
        line: 9,
        status: "error",
        reason:
          "Einen Kunden mit der Kundennummer 99999999 gibt es nicht. Neue Kunden bekommen ihre Nummer beim Anlegen; lassen Sie die Zelle leer.",
        customer: null,
      },
      { line: 10, status: "error", reason: "Die Kundennummer „abc“ ist keine Zahl.", customer: null },
      {
        line: 11,
        status: "error",
        reason: "Bitte geben Sie eine gültige Telefonnummer ein (Ziffern, Leerzeichen, + - / ( )).",
        customer: null,
      },
      { line: 12, status: "error", reason: "Den Status „unbekannt“ gibt es nicht.", customer: null },
      { line: 13, status: "error", reason: "Name ist Pflicht (für neue Kunden).", customer: null },
      { line: 14, status: "error", reason: "Dieselbe E-Mail-Adresse wie in Zeile 2.", customer: null },
      { line: 15, status: "error", reason: "Derselbe Kunde wie in Zeile 5.", customer: same.id },
    ]);
    expect(answer.body.counts).toEqual({ new: 1, update: 2, unchanged: 1, conflict: 3, error: 7 });
    expect(answer.body.rows[5]?.choices).toEqual(["skip", "update", "create"]);
    expect(answer.body.rows[4]?.choices).toEqual(["skip", "create"]);
    expect(answer.body.rows[6]?.choices).toEqual(["skip", "update"]);
  });

  test("the mapping is checked and remembered for the same headers", async () => {
    const headers = `Firma ${crypto.randomUUID().slice(0, 6)};Mail;Egal`;
    const first = await prepared(utf8(`${headers}\nA;a@b.de;x\n`));
    expect(first.mapping_remembered).toBe(false);
    expect((await dryRun(first.id, ["name", "name", null])).body.message).toBe(
      "Das Feld „Name“ ist mehreren Spalten zugeordnet.",
    );
    expect((await dryRun(first.id, ["name", null])).body.message).toBe(
      "Die Zuordnung muss für jede Spalte der Datei ein Feld oder „nicht importieren“ angeben.",
    );
    expect((await dryRun(first.id, [null, null, "notes"])).body.message).toBe(
      "Bitte ordnen Sie mindestens eine der Spalten „Name“, „Kundennummer“ oder „E-Mail“ zu.",
    );
    expect((await dryRun(first.id, ["name", "email", "street"])).status).toBe(200);
    const second = await prepared(utf8(`${headers}\nB;b@b.de;y\n`));
    expect(second.mapping_remembered).toBe(true);
    expect(second.mapping).toEqual(["name", "email", "street"]);
  });

  test("an unknown import is a 404; another account's upload may be run by any staff (customers are everyone's)", async () => {
    expect((await dryRun(987654, ["name"])).status).toBe(404);
    const preview = await prepared(utf8("Name\nA\n"));
    expect((await dryRun(preview.id, ["name"], other.token)).status).toBe(200);
  });
});

describe("import and undo", () => {
  test("imported, found in the list and its page, exported equal, recorded; undone wholly", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const existing = await create({ name: `Bestand ${tag}`, email: `bestand-${tag}@example.de`, phone: "030 1" });
    const name = `Café Grün ${tag}`;
    const file = cp1252(
      [
        excelHeader,
        `;${name};gruen-${tag}@example.de;'+49 351 0815;Königsbrücker Str. 5;01099;Dresden;vertrag`,
        `;Bestand ${tag};bestand-${tag}@example.de;030 777;;;;`,
        `;Fehler ${tag};kein-at;;;;;`,
      ].join("\r\n"),
    );
    const preview = await prepared(file);
    const dry = await dryRun(preview.id, excelMapping);
    expect(dry.body.counts).toEqual({ new: 1, update: 1, unchanged: 0, conflict: 0, error: 1 });
    const imported = await run(preview.id);
    expect(imported.status).toBe(200);
    expect(imported.body.result).toEqual({
      id: preview.id,
      state: "imported",
      created: 1,
      updated: 1,
      unchanged: 0,
      skipped: 0,
      failed: 1,
      deleted: 0,
      restored: 0,
    });
    const [found] = await search(`Café Grün ${tag}`);
    expect(found).toMatchObject({
      name,
      email: `gruen-${tag}@example.de`,
      phone: "+49 351 0815",
      address: "Königsbrücker Str. 5\n01099 Dresden",
      status: "vertrag",
    });
    expect((await customer(existing.id))?.phone).toBe("030 777");
    // The export reads it back as it was imported.
    const exported = await call(app, `/api/customers/export?format=csv&search=${encodeURIComponent(name)}`, {
      token: staff.token,
    });
    const records = parse(await exported.text(), { delimiter: "," }) as string[][];
    expect(records[1]?.slice(1, 4)).toEqual([name, `gruen-${tag}@example.de`, "+49 351 0815"]);
    expect(records[1]?.[7]).toBe("Königsbrücker Str. 5\n01099 Dresden");
    // Run twice: refused.
    expect((await run(preview.id)).body.code).toBe("customer-import-state");

    const events = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?action=customer.imported", {
      token: owner.token,
    });
    const event = events.body.events.find((entry) => entry.object_id === String(preview.id));
    expect(event?.actor_name).toBe(staff.name);

    const undone = await undo(preview.id);
    expect(undone.status).toBe(200);
    expect(undone.body.result).toMatchObject({ state: "undone", deleted: 1, restored: 1 });
    expect(await search(`Café Grün ${tag}`)).toEqual([]);
    expect((await customer(existing.id))?.phone).toBe("030 1");
    expect(errorOf((await undo(preview.id)).body)).toEqual({
      code: "customer-import-state",
      message: "Dieser Import wurde bereits rückgängig gemacht.",
    });
    const undoneEvents = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?action=customer.import_undone", {
      token: owner.token,
    });
    expect(undoneEvents.body.events.some((entry) => entry.object_id === String(preview.id))).toBe(true);
  });

  test("conflicts as chosen: skipped without a choice, updated or created with one", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const a = await create({ name: `Alt A ${tag}`, email: `a-${tag}@example.de` });
    const b = await create({ name: `Alt B ${tag}`, email: `b-${tag}@example.de` });
    const c = await create({ name: `Alt C ${tag}`, email: `c-${tag}@example.de` });
    const file = utf8(
      [
        "Name;E-Mail",
        `Neu A ${tag};a-${tag}@example.de`,
        `Neu B ${tag};b-${tag}@example.de`,
        `Neu C ${tag};c-${tag}@example.de`,
      ].join("\n"),
    );
    const preview = await prepared(file);
    expect((await dryRun(preview.id, ["name", "email"])).body.counts.conflict).toBe(3);
    expect((await run(preview.id, { "2": "nonsense" })).status).toBe(422);
    expect((await run(preview.id, { "9": "update" })).body.message).toBe(
      "Für Zeile 9 ist diese Entscheidung nicht möglich.",
    );
    const answer = await run(preview.id, { "2": "update", "3": "create" });
    expect(answer.body.result).toMatchObject({ created: 1, updated: 1, skipped: 1 });
    expect((await customer(a.id))?.name).toBe(`Neu A ${tag}`);
    expect((await customer(b.id))?.name).toBe(`Alt B ${tag}`);
    expect((await search(`Neu B ${tag}`)).map((entry) => entry.email)).toEqual([`b-${tag}@example.de`]);
    expect((await customer(c.id))?.name).toBe(`Alt C ${tag}`);
  });

  test("someone else's edit after the dry run refuses the import (409 naming it), nothing written", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const target = await create({ name: `Ziel ${tag}`, email: `ziel-${tag}@example.de` });
    const preview = await prepared(
      utf8(`Name;E-Mail;Telefon\nZiel ${tag};ziel-${tag}@example.de;030 5\nNeu ${tag};;\n`),
    );
    expect((await dryRun(preview.id, ["name", "email", "phone"])).body.counts).toMatchObject({ update: 1, new: 1 });
    await callJson(app, `/api/customers/${target.id}`, {
      method: "PUT",
      json: { name: `Ziel ${tag}`, email: `ziel-${tag}@example.de`, phone: "040 1", status: "vertrag" },
      token: other.token,
    });
    const refused = await run(preview.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Seit dem Probelauf wurden Kunden geändert oder angelegt: „Ziel ${tag}“ (Nr. ${target.id}, Zeile 2). Bitte führen Sie den Probelauf erneut aus; es wurde nichts importiert.`,
    );
    expect(await search(`Neu ${tag}`)).toEqual([]);
    // A new dry run sees the edit, and then imports.
    expect((await dryRun(preview.id, ["name", "email", "phone"])).status).toBe(200);
    expect((await run(preview.id)).status).toBe(200);
    expect((await customer(target.id))?.phone).toBe("030 5");
  });

  test("a customer created after the dry run with a new row's e-mail refuses the import", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const preview = await prepared(utf8(`Name;E-Mail\nNeu ${tag};neu-${tag}@example.de\n`));
    await dryRun(preview.id, ["name", "email"]);
    await create({ name: `Neu ${tag}`, email: `neu-${tag}@example.de` }, other.token);
    const refused = await run(preview.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("customer-import-changed");
  });

  test("run before a dry run: 409", async () => {
    const preview = await prepared(utf8("Name\nA\n"));
    expect(errorOf((await run(preview.id)).body)).toEqual({
      code: "customer-import-state",
      message: "Bitte führen Sie zuerst den Probelauf aus.",
    });
    expect((await undo(preview.id)).body.code).toBe("customer-import-state");
  });

  test("undo refuses (409, naming them, nothing undone) customers changed or used since the import", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const preview = await prepared(
      utf8(`Name;E-Mail\nEins ${tag};eins-${tag}@example.de\nZwei ${tag};zwei-${tag}@example.de\nDrei ${tag};\n`),
    );
    await dryRun(preview.id, ["name", "email"]);
    expect((await run(preview.id)).body.result.created).toBe(3);
    const [eins] = await search(`Eins ${tag}`);
    const [zwei] = await search(`Zwei ${tag}`);
    if (!eins || !zwei) throw new Error("imported customers not found");
    await callJson(app, `/api/customers/${eins.id}`, {
      method: "PUT",
      json: { ...eins, phone: "030 1" },
      token: other.token,
    });
    await callJson(app, `/api/customers/${zwei.id}/timeline`, {
      json: { kind: "call", text: "Angerufen" },
      token: other.token,
    });
    const refused = await undo(preview.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Der Import kann nicht rückgängig gemacht werden, weil seit dem Import Kunden geändert wurden: „Eins ${tag}“ (Nr. ${eins.id}, Zeile 2), „Zwei ${tag}“ (Nr. ${zwei.id}, Zeile 3, hat inzwischen Rechnungen, Angebote, Ansprechpartner, Notizen, Tags oder Anfragen). Es wurde nichts rückgängig gemacht.`,
    );
    expect(await search(`Drei ${tag}`)).toHaveLength(1);
  });

  test("imported customers show in a list page kept before the import", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    expect(await search(`Liste ${tag}`)).toEqual([]);
    const preview = await prepared(utf8(`Name\nListe ${tag}\n`));
    await dryRun(preview.id, ["name"]);
    await run(preview.id);
    expect((await search(`Liste ${tag}`)).map((entry) => entry.name)).toEqual([`Liste ${tag}`]);
    await undo(preview.id);
    expect(await search(`Liste ${tag}`)).toEqual([]);
  });

  test("each created customer has its customer.created event", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const preview = await prepared(utf8(`Name\nProtokoll ${tag}\n`));
    await dryRun(preview.id, ["name"]);
    await run(preview.id);
    const [created] = await search(`Protokoll ${tag}`);
    const events = await callJson<{ events: AuditEvent[] }>(app, "/api/audit?action=customer.created", {
      token: owner.token,
    });
    expect(events.body.events.some((entry) => entry.object_id === String(created?.id))).toBe(true);
  });

  test("the kept file is gone once imported; previous values go with the undo", async () => {
    const preview = await prepared(utf8(`Name\nWeg ${crypto.randomUUID().slice(0, 6)}\n`));
    await dryRun(preview.id, ["name"]);
    await run(preview.id);
    const [kept] = await db.sql<
      { file_text: string | null }[]
    >`select file_text from customer_imports where id = ${preview.id}`;
    expect(kept?.file_text).toBeNull();
    await undo(preview.id);
    const [rows] = await db.sql<
      { count: number }[]
    >`select count(*)::int as count from customer_import_rows where import_id = ${preview.id}`;
    expect(rows?.count).toBe(0);
  });
});
