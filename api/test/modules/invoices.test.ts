import { describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  addDays,
  type Invoice,
  type InvoicePage,
  invoiceDateMessages,
  invoiceFieldMessages,
  invoiceFormMessages,
  invoiceIssueMessages,
  type TaxCase,
  taxCaseInfo,
  taxCases,
  todayInGermany,
} from "@klarwerk/kit";
import { invoicesApiMessages } from "../../src/modules/invoices/messages.ts";
import { startAppTest, testConfig } from "../support/app.ts";
import { validateFolder, validateWithScript } from "../support/einvoice-validator.ts";
import { call, callJson } from "../support/http.ts";
import { createInvoice, invoiceJson, issuableCompany, saveCompany, storeIssuedInThePast } from "../support/invoices.ts";
import { registerAndLogin, signedInOwner } from "../support/users.ts";

const { db, app } = await startAppTest();
const { token } = await registerAndLogin(app, { name: "Rita Rechnung" });

async function run(command: string[], stdin?: Uint8Array): Promise<{ code: number; stdout: string }> {
  const child = Bun.spawn(command, { stdout: "pipe", stderr: "pipe", stdin: stdin ?? "ignore" });
  const [stdout, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  return { code, stdout };
}

/** The last number the current year's counter gave out (0 before the first). */
async function lastSequence(): Promise<number> {
  const [row] = await db.sql<{ last_sequence: number }[]>`
    select last_sequence from invoice_number_counters where series = 'invoice' and year = ${Number(todayInGermany().slice(0, 4))}`;
  return row?.last_sequence ?? 0;
}

/** The number the current year's counter gives out after `sequence`. */
function numberAfter(sequence: number, step = 1): string {
  return `${todayInGermany().slice(0, 4)}-${String(sequence + step).padStart(4, "0")}`;
}

async function getInvoice(id: number): Promise<Invoice> {
  const answer = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${id}`, { token });
  expect(answer.status).toBe(200);
  return answer.body.invoice;
}

describe("company settings", () => {
  test("answer the site config's values until saved, and name a bad field", async () => {
    const first = await callJson<{ company: typeof issuableCompany; provider: string }>(app, "/api/company", { token });
    expect(first.status).toBe(200);
    expect(first.body.company.name).toBe("Klarwerk Digital GmbH");
    expect(first.body.company.taxNumber).toBeNull();
    expect(first.body.provider).toBe("Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin");

    const owner = await signedInOwner(app);
    const bad = await callJson(app, "/api/company", {
      method: "PUT",
      token: owner.token,
      json: { ...issuableCompany, iban: "DE00 1" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ code: "validation", message: "Die IBAN ist ungültig." });
    expect((await callJson(app, "/api/company", { token: "" })).status).toBe(401);
    const byStaff = await callJson(app, "/api/company", { method: "PUT", token, json: issuableCompany });
    expect(byStaff.status).toBe(403);
  });
});

describe("drafts", () => {
  test("may be incomplete, are changed and deleted, and get no number", async () => {
    const draft = await createInvoice(app, token, { recipient: "", items: [] });
    expect(draft.status).toBe("draft");
    expect(draft.number).toBeNull();
    expect(draft.issueDate).toBe(todayInGermany());

    const put = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${draft.id}`, {
      method: "PUT",
      token,
      json: invoiceJson({ recipient: "Neue Kundin\nWeg 1\n12345 Ort" }),
    });
    expect(put.status).toBe(200);
    expect(put.body.invoice.recipient).toBe("Neue Kundin\nWeg 1\n12345 Ort");
    expect(put.body.invoice.totals.totalCents).toBe(176_464);

    expect((await call(app, `/api/invoices/${draft.id}`, { method: "DELETE", token })).status).toBe(204);
    expect((await callJson(app, `/api/invoices/${draft.id}`, { token })).status).toBe(404);
  });

  test("field rules hold for drafts too", async () => {
    const answer = await callJson(app, "/api/invoices", {
      token,
      json: invoiceJson({ servicePeriodStart: "2026-03-01" }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ code: "validation", message: invoiceFieldMessages.periodIncomplete });
    const shape = await callJson(app, "/api/invoices", { token, json: invoiceJson({ items: "keine" }) });
    expect(shape.status).toBe(422);
  });
});

describe("issuing", () => {
  test("is refused before a number is used, with a German message naming the missing field", async () => {
    // No tax number yet: the site config has none.
    const before = await lastSequence();
    const noTaxId = await callJson(app, "/api/invoices", { token, json: invoiceJson({ issue: true }) });
    expect(noTaxId.status).toBe(422);
    expect(noTaxId.body).toEqual({ code: "validation", message: invoiceIssueMessages.providerTaxIdMissing });
    await saveCompany(app);

    const cases: [Record<string, unknown>, string][] = [
      [{ recipient: "" }, invoiceFormMessages.customerRequired],
      [{ provider: " " }, invoiceFormMessages.providerRequired],
      [{ items: [{ description: "", quantity: 1, unitPriceCents: 100 }] }, invoiceFormMessages.itemRequired],
      [{ recipient: "Müller & Söhne GmbH" }, invoiceIssueMessages.recipientAddressMissing],
      [{ taxPercent: 0, taxExemptionReason: "Kleinunternehmer" }, invoiceIssueMessages.taxCaseMissing],
    ];
    for (const [overrides, message] of cases) {
      const answer = await callJson(app, "/api/invoices", {
        token,
        json: invoiceJson({ ...overrides, issue: true }),
      });
      expect(answer.status, message).toBe(422);
      expect(answer.body).toEqual({ code: "validation", message });
    }
    // Nothing was stored, and no number was used: the next issue takes the next number.
    expect(await lastSequence()).toBe(before);
    const issued = await createInvoice(app, token, invoiceJson({ issue: true }));
    expect(issued.number).toBe(numberAfter(before));
  });

  test("gives the invoice its number, totals, due date and status, and keeps only valid items", async () => {
    await saveCompany(app);
    const issued = await createInvoice(
      app,
      token,
      invoiceJson({
        issue: true,
        issueDate: todayInGermany(),
        items: [
          { description: "Webdesign", quantity: 1, unitPriceCents: 150_000 },
          { description: "  ", quantity: 1, unitPriceCents: 500 },
          { description: "Hosting (Monate)", quantity: 12, unitPriceCents: 999 },
        ],
      }),
    );
    expect(issued.status).toBe("open");
    expect(issued.number).toMatch(/^\d{4}-\d{4}$/);
    expect(issued.items.map((item) => item.description)).toEqual(["Webdesign", "Hosting (Monate)"]);
    // 1500 + 119,88 = 1619,88; −10 % = −161,99; + 25 fees = 1482,89; 19 % = 281,75; 1764,64.
    expect(issued.totals).toMatchObject({
      subtotalCents: 161_988,
      discountCents: 16_199,
      feesCents: 2_500,
      netCents: 148_289,
      taxCents: 28_175,
      totalCents: 176_464,
    });
    expect(issued.issuedByName).toBe("Rita Rechnung");
    expect(issued.paymentTermDays).toBe(14);
  });

  test("a stored draft is issued by PUT with issue: true", async () => {
    await saveCompany(app);
    const draft = await createInvoice(app, token, invoiceJson());
    const before = await lastSequence();
    const put = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${draft.id}`, {
      method: "PUT",
      token,
      json: invoiceJson({ issue: true }),
    });
    expect(put.status).toBe(200);
    expect(put.body.invoice.number).toBe(numberAfter(before));
    expect(put.body.invoice.id).toBe(draft.id);
  });

  test("50 parallel issues get 50 consecutive numbers, no gaps, no duplicates", async () => {
    await saveCompany(app);
    const before = await lastSequence();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        callJson<{ invoice: Invoice }>(app, "/api/invoices", {
          token,
          json: invoiceJson({
            issue: true,
            items: [{ description: `Beratung ${index}`, quantity: 1, unitPriceCents: 10_000 + index }],
          }),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
    const numbers = answers.map((answer) => answer.body.invoice.number).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => numberAfter(before, index + 1)));
    expect(await lastSequence()).toBe(before + 50);
  }, 120_000);
});

describe("an issued invoice is final (GoBD)", () => {
  test("PUT and DELETE answer 409; the database refuses too", async () => {
    await saveCompany(app);
    const issued = await createInvoice(app, token, invoiceJson({ issue: true }));
    const put = await callJson(app, `/api/invoices/${issued.id}`, { method: "PUT", token, json: invoiceJson() });
    expect(put.status).toBe(409);
    expect(put.body).toEqual({ code: "invoice-already-issued", message: invoicesApiMessages.issuedFinal });
    const reissue = await callJson(app, `/api/invoices/${issued.id}`, {
      method: "PUT",
      token,
      json: invoiceJson({ issue: true }),
    });
    expect(reissue.status).toBe(409);
    const deleted = await callJson(app, `/api/invoices/${issued.id}`, { method: "DELETE", token });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toEqual({ code: "invoice-already-issued", message: invoicesApiMessages.issuedFinal });

    await expect(db.sql`update invoices set notes = 'geändert' where id = ${issued.id}`).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(db.sql`delete from invoices where id = ${issued.id}`).rejects.toThrow(/cannot be deleted/);
    expect((await getInvoice(issued.id)).notes).toBe("Vielen Dank für Ihren Auftrag.");
  });
});

describe("dates", () => {
  const fields = ["issueDate", "serviceDate", "servicePeriodStart", "servicePeriodEnd"] as const;
  const labels: Record<(typeof fields)[number], string> = {
    issueDate: "Rechnungsdatum",
    serviceDate: "Leistungsdatum",
    servicePeriodStart: "Leistungszeitraum von",
    servicePeriodEnd: "Leistungszeitraum bis",
  };

  test("a date outside 2000-2099 or no calendar day is a German 422 in every field, never a 500", async () => {
    await saveCompany(app);
    const bad: [string, (label: string) => string][] = [
      ["0000-01-01", invoiceFieldMessages.dateOutOfRange],
      ["1999-12-31", invoiceFieldMessages.dateOutOfRange],
      ["9999-12-31", invoiceFieldMessages.dateOutOfRange],
      ["2100-01-01", invoiceFieldMessages.dateOutOfRange],
      ["2100-02-29", invoiceFieldMessages.dateInvalid],
      ["2026-02-30", invoiceFieldMessages.dateInvalid],
      ["+02026-01-01", invoiceFieldMessages.dateInvalid],
    ];
    const draft = await createInvoice(app, token, invoiceJson());
    for (const [value, message] of bad) {
      for (const field of fields) {
        const json = invoiceJson(
          field === "issueDate"
            ? { issueDate: value }
            : field === "serviceDate"
              ? { serviceDate: value }
              : { servicePeriodStart: "2026-01-01", servicePeriodEnd: "2026-01-31", [field]: value },
        );
        for (const issue of [false, true]) {
          const post = await callJson(app, "/api/invoices", { token, json: { ...json, issue } });
          expect(post.status, `${field} ${value}`).toBe(422);
          expect(post.body).toEqual({ code: "validation", message: message(labels[field]) });
          const put = await callJson(app, `/api/invoices/${draft.id}`, {
            method: "PUT",
            token,
            json: { ...json, issue },
          });
          expect(put.status, `PUT ${field} ${value}`).toBe(422);
        }
      }
    }
    const issued = await createInvoice(app, token, invoiceJson({ issue: true }));
    for (const paidOn of ["0000-01-01", "1999-12-31", "2100-02-29", "9999-12-31"]) {
      const answer = await callJson(app, `/api/invoices/${issued.id}/payment`, { token, json: { paidOn } });
      expect(answer.status, paidOn).toBe(422);
      expect((answer.body as { message: string }).message).toMatch(/Zahlungsdatum/);
    }
  });

  test("an issued invoice is dated today or a few days back in the same year, never in the future, never before the latest", async () => {
    await saveCompany(app);
    const today = todayInGermany();
    const sameYear = (date: string) => date.slice(0, 4) === today.slice(0, 4);
    const refusal = async (issueDate: string) => {
      const before = await lastSequence();
      const answer = await callJson(app, "/api/invoices", { token, json: invoiceJson({ issue: true, issueDate }) });
      expect(answer.status, issueDate).toBe(422);
      expect(await lastSequence()).toBe(before);
      return (answer.body as { message: string }).message;
    };
    expect(await refusal(addDays(today, 1))).toBe(invoiceDateMessages.inFuture);
    expect(await refusal(`${Number(today.slice(0, 4)) + 5}-01-01`)).toBe(invoiceDateMessages.inFuture);
    expect(await refusal(`${Number(today.slice(0, 4)) - 1}-12-31`)).toBe(invoiceDateMessages.otherYear);
    const tooOld = addDays(today, -6);
    expect(await refusal(tooOld)).toBe(
      sameYear(tooOld) ? invoiceDateMessages.tooOld(5) : invoiceDateMessages.otherYear,
    );

    // Today's invoice exists (earlier tests): a backdated one would be numbered after it.
    await createInvoice(app, token, invoiceJson({ issue: true }));
    const yesterday = addDays(today, -1);
    expect(await refusal(yesterday)).toBe(
      sameYear(yesterday) ? invoiceDateMessages.beforeLatest(today) : invoiceDateMessages.otherYear,
    );
    // A draft keeps any date in range; issuing it checks the rule.
    const draft = await createInvoice(app, token, invoiceJson({ issueDate: "2031-01-10" }));
    expect(draft.issueDate).toBe("2031-01-10");
    const put = await callJson(app, `/api/invoices/${draft.id}`, {
      method: "PUT",
      token,
      json: invoiceJson({ issueDate: "2031-01-10", issue: true }),
    });
    expect(put.body).toEqual({ code: "validation", message: invoiceDateMessages.inFuture });
  });

  test("a backdate within INVOICE_MAX_BACKDATE_DAYS is issued when no later invoice exists", async () => {
    const fresh = await startAppTest(testConfig({ INVOICE_MAX_BACKDATE_DAYS: "3" }));
    const staff = await registerAndLogin(fresh.app);
    await saveCompany(fresh.app);
    const today = todayInGermany();
    const threeBack = addDays(today, -3);
    const answer = await callJson<{ invoice: Invoice }>(fresh.app, "/api/invoices", {
      token: staff.token,
      json: invoiceJson({ issue: true, issueDate: threeBack }),
    });
    if (threeBack.slice(0, 4) === today.slice(0, 4)) {
      expect(answer.status).toBe(201);
      expect(answer.body.invoice.issueDate).toBe(threeBack);
    } else {
      expect(answer.body as unknown).toEqual({ code: "validation", message: invoiceDateMessages.otherYear });
    }
    const fourBack = addDays(today, -4);
    const older = await callJson(fresh.app, "/api/invoices", {
      token: staff.token,
      json: invoiceJson({ issue: true, issueDate: fourBack }),
    });
    expect(older.status).toBe(422);
  });
});

describe("storno, payment and status", () => {
  test("Stornieren issues a cancellation invoice with negated amounts and a reference; the original shows storniert", async () => {
    await saveCompany(app);
    const original = await createInvoice(app, token, invoiceJson({ issue: true }));
    const answer = await callJson<{ invoice: Invoice; cancelled: Invoice }>(
      app,
      `/api/invoices/${original.id}/cancel`,
      {
        method: "POST",
        token,
      },
    );
    expect(answer.status).toBe(201);
    const { invoice: cancellation, cancelled } = answer.body;
    expect(cancellation.status).toBe("cancellation");
    expect(cancellation.number).not.toBe(original.number);
    expect(cancellation.cancels).toEqual({ id: original.id, number: original.number ?? "" });
    expect(cancellation.issueDate).toBe(todayInGermany());
    expect(cancellation.totals.totalCents).toBe(-original.totals.totalCents);
    expect(cancellation.totals.taxCents).toBe(-original.totals.taxCents);
    expect(cancellation.items.map((item) => item.quantity)).toEqual(original.items.map((item) => -item.quantity));
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelledBy).toEqual({ id: cancellation.id, number: cancellation.number ?? "" });

    const again = await callJson(app, `/api/invoices/${original.id}/cancel`, { method: "POST", token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: "invoice-already-cancelled", message: invoicesApiMessages.alreadyCancelled });
    const ofCancellation = await callJson(app, `/api/invoices/${cancellation.id}/cancel`, { method: "POST", token });
    expect(ofCancellation.body).toEqual({
      code: "invoice-cancellation-final",
      message: invoicesApiMessages.cancellationFinal,
    });
    const paid = await callJson(app, `/api/invoices/${original.id}/payment`, {
      token,
      json: { paidOn: todayInGermany() },
    });
    expect(paid.status).toBe(409);
    expect(paid.body).toEqual({
      code: "invoice-cancelled-not-payable",
      message: invoicesApiMessages.cancelledNotPayable,
    });
    const draft = await createInvoice(app, token, invoiceJson());
    expect((await callJson(app, `/api/invoices/${draft.id}/cancel`, { method: "POST", token })).body).toEqual({
      code: "invoice-not-issued",
      message: invoicesApiMessages.notIssued,
    });
  });

  test("open, overdue past the due date, paid with its date", async () => {
    await saveCompany(app);
    const today = todayInGermany();
    const fresh = await createInvoice(app, token, invoiceJson({ issue: true, issueDate: today }));
    expect(fresh.status).toBe("open");
    const old = await storeIssuedInThePast(db.sql, app, token, invoiceJson({ issueDate: "2025-01-02" }), "2025-0001");
    expect(old.dueDate).toBe("2025-01-16");
    expect(old.status).toBe("overdue");

    const future = await callJson(app, `/api/invoices/${old.id}/payment`, { token, json: { paidOn: "2999-01-01" } });
    expect(future.body).toEqual({ code: "validation", message: invoicesApiMessages.paidOnInFuture });
    const early = await callJson(app, `/api/invoices/${old.id}/payment`, { token, json: { paidOn: "2025-01-01" } });
    expect(early.status).toBe(422);
    expect(early.body).toEqual({ code: "validation", message: invoiceDateMessages.paidOnBeforeIssue });
    const paid = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${old.id}/payment`, {
      token,
      json: { paidOn: "2025-01-20" },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.invoice.status).toBe("paid");
    expect(paid.body.invoice.paidOn).toBe("2025-01-20");
  });
});

describe("GET /api/invoices", () => {
  test("newest first, paged, searched by number and customer, filtered by status", async () => {
    await saveCompany(app);
    const name = `Suchkunde ${crypto.randomUUID().slice(0, 6)}`;
    const issued = await storeIssuedInThePast(
      db.sql,
      app,
      token,
      invoiceJson({ recipient: `${name}\nGasse 2\n10115 Berlin`, issueDate: "2024-03-01" }),
      "2024-0001",
    );
    const draft = await createInvoice(app, token, invoiceJson({ recipient: `${name}\nGasse 2\n10115 Berlin` }));

    const byName = await callJson<InvoicePage>(app, `/api/invoices?search=${encodeURIComponent(name.toLowerCase())}`, {
      token,
    });
    expect(byName.body.invoices.map((invoice) => invoice.id)).toEqual([draft.id, issued.id]);
    expect(byName.body.invoices[1]).toMatchObject({ recipientName: name, number: "2024-0001", status: "overdue" });

    const byNumber = await callJson<InvoicePage>(app, "/api/invoices?search=2024-0001", { token });
    expect(byNumber.body.invoices.map((invoice) => invoice.id)).toEqual([issued.id]);
    const drafts = await callJson<InvoicePage>(app, `/api/invoices?status=draft&search=${encodeURIComponent(name)}`, {
      token,
    });
    expect(drafts.body.invoices.map((invoice) => invoice.id)).toEqual([draft.id]);

    const paged = await callJson<InvoicePage>(app, "/api/invoices?limit=1&page=2", { token });
    expect(paged.body.invoices).toHaveLength(1);
    expect(paged.body.pages).toBe(paged.body.total);
    const beyond = await callJson<InvoicePage>(app, "/api/invoices?limit=1&page=100000", { token });
    expect(beyond.body).toMatchObject({ invoices: [], total: paged.body.total });

    expect((await callJson(app, "/api/invoices?status=bezahlt", { token })).body).toEqual({
      code: "invalid-query",
      message: invoicesApiMessages.invalidStatusFilter,
    });
    expect((await callJson(app, "/api/invoices", { token: "" })).status).toBe(401);
  });
});

describe("the stored PDF and the XRechnung", () => {
  test("the PDF is ZUGFeRD EN 16931: factur-x.xml attached as Alternative, XMP metadata, the same bytes every time", async () => {
    await saveCompany(app, {
      vatId: "DE123456789",
      name: "Nordlicht Medien GmbH",
      street: "Hafenweg 3",
      postalCode: "20457",
      city: "Hamburg",
      website: "https://nordlicht.example",
    });
    const issued = await createInvoice(app, token, invoiceJson({ issue: true, recipientVatId: "DE987654321" }));
    const first = await call(app, `/api/invoices/${issued.id}/pdf`, { token });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("content-disposition")).toStartWith(
      `attachment; filename="Rechnung_${issued.number}.pdf"`,
    );
    const bytes = new Uint8Array(await first.arrayBuffer());
    const second = new Uint8Array(await (await call(app, `/api/invoices/${issued.id}/pdf`, { token })).arrayBuffer());
    expect(Buffer.compare(bytes, second)).toBe(0);

    const dir = await mkdtemp(join(tmpdir(), "invoice-pdf-"));
    try {
      const pdf = join(dir, "rechnung.pdf");
      await writeFile(pdf, bytes);
      const attachments = await run(["pdfdetach", "-list", pdf]);
      expect(attachments.stdout).toContain("1 embedded files");
      expect(attachments.stdout).toContain("1: factur-x.xml");
      const meta = await run(["pdfinfo", "-meta", pdf]);
      expect(meta.stdout).toContain("<pdfaid:part>3</pdfaid:part>");
      expect(meta.stdout).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
      expect(meta.stdout).toContain("<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>");
      expect(meta.stdout).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
      // The document's metadata in German, as a PDF viewer's title bar and properties show it.
      const info = (await run(["pdfinfo", pdf])).stdout;
      expect(info).toMatch(new RegExp(`^Title:\\s+Rechnung ${issued.number}$`, "m"));
      expect(info).toMatch(
        new RegExp(
          `^Subject:\\s+Rechnung ${issued.number} vom \\d\\d\\.\\d\\d\\.\\d{4}, ausgestellt von Nordlicht Medien GmbH$`,
          "m",
        ),
      );
      expect(info).toMatch(/^Keywords:\s+Rechnung ZUGFeRD Factur-X E-Rechnung$/m);
      expect(info).not.toContain("Invoice");
      // AFRelationship sits in the file specification dictionary, uncompressed.
      expect(Buffer.from(bytes).toString("latin1")).toMatch(/\/AFRelationship\s*\/Alternative/);

      const xml = join(dir, "factur-x.xml");
      expect((await run(["pdfdetach", "-save", "1", "-o", xml, pdf])).code).toBe(0);
      const validation = await validateWithScript(xml);
      expect(validation.output.trim().split("\n").at(-1)).toBe("valid");

      const text = await run(["pdftotext", "-layout", pdf, "-"]);
      for (const expected of [
        "Rechnung",
        issued.number ?? "",
        "Leistungsdatum",
        "USt-IdNr. DE123456789",
        "Steuernummer 12/345/67890",
        "USt-IdNr. des Kunden: DE987654321",
        "Zwischensumme",
        "Rabatt (10%)",
        "Sonstige Gebühren",
        "MwSt. (19%)",
        "Zahlbar innerhalb von 14 Tagen",
        "IBAN DE02 1203 0000 0000 2020 51",
        "Bezahlen per GiroCode",
        // The sender line over the window and the footer's columns from the company's data (its
        // name, address and website, no fixed year; decision 0091).
        "Nordlicht Medien GmbH · Hafenweg 3 · 20457 Hamburg",
        "Hafenweg 3",
        "20457 Hamburg",
        "https://nordlicht.example",
      ]) {
        expect(text.stdout, expected).toContain(expected);
      }
      expect(text.stdout).not.toContain("©");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  test("XRechnung downloads validate with the German rules, the storno's too", async () => {
    await saveCompany(app);
    const invoices = [
      await createInvoice(app, token, invoiceJson({ issue: true, buyerReference: "04011000-12345-03" })),
      await createInvoice(
        app,
        token,
        invoiceJson({
          issue: true,
          taxPercent: 0,
          taxCase: "small-business",
          servicePeriodStart: "2026-02-01",
          servicePeriodEnd: "2026-02-28",
        }),
      ),
    ];
    const cancel = await callJson<{ invoice: Invoice }>(app, `/api/invoices/${invoices[0]?.id}/cancel`, {
      method: "POST",
      token,
    });
    invoices.push(cancel.body.invoice);

    const dir = await mkdtemp(join(tmpdir(), "xrechnung-"));
    try {
      for (const invoice of invoices) {
        const answer = await call(app, `/api/invoices/${invoice.id}/xrechnung`, { token });
        expect(answer.status).toBe(200);
        expect(answer.headers.get("content-disposition")).toStartWith(
          `attachment; filename="XRechnung_${invoice.number}.xml"`,
        );
        const xml = await answer.text();
        expect(xml).toContain("urn:xeinkauf.de:kosit:xrechnung_3.0");
        const file = join(dir, `${invoice.number}.xml`);
        await writeFile(file, xml);
        const validation = await validateWithScript(file, { xrechnung: true });
        expect(validation.output.trim().split("\n").at(-1), `${invoice.number}: ${validation.output}`).toBe("valid");
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const draft = await createInvoice(app, token, invoiceJson());
    expect((await callJson(app, `/api/invoices/${draft.id}/pdf`, { token })).body).toEqual({
      code: "invoice-not-issued",
      message: invoicesApiMessages.notIssued,
    });
  }, 60_000);
});

describe("tax cases at 0 %", () => {
  test("each case is coded with its VAT category, VATEX code and legal note, and passes the validator as Factur-X and XRechnung", async () => {
    await saveCompany(app, { vatId: "DE123456789" });
    const refused = await callJson(app, "/api/invoices", {
      token,
      json: invoiceJson({ issue: true, taxPercent: 0, taxCase: "reverse-charge" }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ code: "validation", message: invoiceIssueMessages.recipientVatIdRequired });
    const unknown = await callJson(app, "/api/invoices", { token, json: invoiceJson({ taxPercent: 0, taxCase: "E" }) });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({ code: "validation", message: invoiceFieldMessages.taxCaseInvalid });

    const expected: Record<TaxCase, { code: string; vatex: string | null }> = {
      "small-business": { code: "E", vatex: null },
      "reverse-charge": { code: "AE", vatex: "VATEX-EU-AE" },
      "intra-community-supply": { code: "K", vatex: "VATEX-EU-IC" },
      export: { code: "G", vatex: "VATEX-EU-G" },
    };
    const dir = await mkdtemp(join(tmpdir(), "tax-cases-"));
    const facturXDir = join(dir, "factur-x");
    const xrechnungDir = join(dir, "xrechnung");
    await Promise.all([mkdir(facturXDir), mkdir(xrechnungDir)]);
    try {
      for (const taxCase of taxCases) {
        const issued = await createInvoice(
          app,
          token,
          invoiceJson({
            issue: true,
            taxPercent: 0,
            taxCase,
            recipient: "Wiener Werk GmbH\nRing 3\n1010 Wien\nÖsterreich",
            recipientVatId: "ATU12345678",
          }),
        );
        expect(issued.taxCase).toBe(taxCase);
        expect(issued.totals.taxCents).toBe(0);
        const { note } = taxCaseInfo[taxCase];

        const pdf = join(dir, `${taxCase}.pdf`);
        const bytes = await (await call(app, `/api/invoices/${issued.id}/pdf`, { token })).arrayBuffer();
        await writeFile(pdf, new Uint8Array(bytes));
        expect((await run(["pdftotext", "-layout", pdf, "-"])).stdout).toContain(note);
        const facturX = join(facturXDir, `${taxCase}.xml`);
        expect((await run(["pdfdetach", "-save", "1", "-o", facturX, pdf])).code).toBe(0);
        const xrechnung = join(xrechnungDir, `${taxCase}.xml`);
        await writeFile(xrechnung, await (await call(app, `/api/invoices/${issued.id}/xrechnung`, { token })).text());

        for (const file of [facturX, xrechnung]) {
          const xml = await Bun.file(file).text();
          const { code, vatex } = expected[taxCase];
          expect(xml).toContain(`<ram:CategoryCode>${code}</ram:CategoryCode>`);
          expect(xml).not.toContain("<ram:CategoryCode>S</ram:CategoryCode>");
          expect(xml).toContain(`<ram:ExemptionReason>${note}</ram:ExemptionReason>`);
          if (vatex) expect(xml).toContain(`<ram:ExemptionReasonCode>${vatex}</ram:ExemptionReasonCode>`);
          else expect(xml).not.toContain("<ram:ExemptionReasonCode>");
        }
      }
      // The team's validator, one batch per syntax (one JVM each): every case, no failed rule.
      const [facturXResults, xrechnungResults] = await Promise.all([
        validateFolder(facturXDir),
        validateFolder(xrechnungDir, { xrechnung: true }),
      ]);
      for (const results of [facturXResults, xrechnungResults]) {
        expect([...results.keys()].sort()).toEqual(taxCases.map((taxCase) => `${taxCase}.xml`).sort());
        expect([...results].filter(([, failures]) => failures.length > 0)).toEqual([]);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
