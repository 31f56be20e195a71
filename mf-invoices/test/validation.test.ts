import { describe, expect, test } from "bun:test";
import { emptyInvoiceForm, emptyInvoiceItem, type InvoiceForm } from "../src/invoice/types";
import {
  canRemoveItem,
  invoiceDraft,
  invoiceInputHints,
  keptItem,
  readNumberField,
  validateInvoiceForm,
} from "../src/invoice/validation";
import { invoiceMessages } from "../src/messages";

const id = 1_717_171_717_171;

function form(overrides: Partial<InvoiceForm> = {}): InvoiceForm {
  return {
    ...emptyInvoiceForm("2024-03-05"),
    customer: "Müller & Söhne GmbH\nStraße 5",
    provider: "Klarwerk Digital GmbH\nLindenstraße 14",
    items: [{ description: "Webdesign", quantity: 1, price: 1500 }],
    ...overrides,
  };
}

describe("emptyInvoiceForm", () => {
  test("has the spec's defaults", () => {
    expect(emptyInvoiceForm("2024-03-05")).toEqual({
      customer: "",
      provider: "",
      date: "2024-03-05",
      items: [{ description: "", quantity: 1, price: 0 }],
      discountPercent: 0,
      taxPercent: 19,
      extraFees: 0,
      notes: "",
    });
    expect(emptyInvoiceItem()).toEqual({ description: "", quantity: 1, price: 0 });
  });

  test("hands out fresh objects", () => {
    const first = emptyInvoiceForm("2024-03-05");
    first.items.push(emptyInvoiceItem());
    expect(emptyInvoiceForm("2024-03-05").items).toHaveLength(1);
  });
});

const refusals: [name: string, overrides: Partial<InvoiceForm>, message: string][] = [
  ["empty customer", { customer: "" }, "Bitte Kunde eingeben"],
  ["blank customer", { customer: "  \n\t " }, "Bitte Kunde eingeben"],
  ["blank customer is reported before blank provider", { customer: " ", provider: "" }, "Bitte Kunde eingeben"],
  ["blank provider", { provider: "   " }, "Bitte Dienstleister eingeben"],
  ["provider is checked before the items", { provider: "", items: [] }, "Bitte Dienstleister eingeben"],
  ["no items", { items: [] }, "Mindestens ein gültiger Artikel ist notwendig"],
  ["the default empty row", { items: [emptyInvoiceItem()] }, "Mindestens ein gültiger Artikel ist notwendig"],
  [
    "only invalid rows",
    {
      items: [
        { description: "  ", quantity: 1, price: 10 },
        { description: "Preis null", quantity: 1, price: 0 },
        { description: "Menge null", quantity: 0, price: 10 },
        { description: "negativ", quantity: 1, price: -5 },
        { description: "leer", quantity: "", price: "" },
      ],
    },
    "Mindestens ein gültiger Artikel ist notwendig",
  ],
];

describe("validateInvoiceForm", () => {
  test.each(refusals)("%s", (_name, overrides, message) => {
    expect(validateInvoiceForm(form(overrides), id)).toMatchObject({ ok: false, message });
  });

  test("lists every refusal by field, and announces the first in the spec's order", () => {
    expect(validateInvoiceForm(emptyInvoiceForm("2024-03-05"), id)).toEqual({
      ok: false,
      message: "Bitte Kunde eingeben",
      errors: {
        customer: "Bitte Kunde eingeben",
        provider: "Bitte Dienstleister eingeben",
        items: "Mindestens ein gültiger Artikel ist notwendig",
      },
    });
    expect(validateInvoiceForm(form({ provider: " ", items: [] }), id)).toEqual({
      ok: false,
      message: "Bitte Dienstleister eingeben",
      errors: { provider: "Bitte Dienstleister eingeben", items: "Mindestens ein gültiger Artikel ist notwendig" },
    });
  });

  test("the messages come from messages.ts", () => {
    expect(invoiceMessages.customerRequired).toBe("Bitte Kunde eingeben");
    expect(invoiceMessages.providerRequired).toBe("Bitte Dienstleister eingeben");
    expect(invoiceMessages.itemRequired).toBe("Mindestens ein gültiger Artikel ist notwendig");
  });

  test("keeps only items with a description, price > 0 and quantity > 0", () => {
    const result = validateInvoiceForm(
      form({
        items: [
          { description: " Webdesign ", quantity: 1, price: 1500 },
          { description: "", quantity: 1, price: 10 },
          { description: "Gratis", quantity: 1, price: 0 },
          { description: "Nichts", quantity: 0, price: 10 },
          { description: "Beratung", quantity: "1,5", price: "120.5" },
          { description: "Halbe Stunde", quantity: 0.5, price: 0.01 },
        ],
      }),
      id,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.invoice.items).toEqual([
      { description: "Webdesign", quantity: 1, price: 1500 },
      { description: "Beratung", quantity: 1.5, price: 120.5 },
      { description: "Halbe Stunde", quantity: 0.5, price: 0.01 },
    ]);
  });

  test("builds the invoice with the given id and trimmed texts", () => {
    const result = validateInvoiceForm(
      form({ customer: "  Müller & Söhne GmbH\nStraße 5 ", notes: " Zahlbar in 14 Tagen. ", discountPercent: 7.5 }),
      id,
    );
    expect(result).toEqual({
      ok: true,
      invoice: {
        id,
        customer: "Müller & Söhne GmbH\nStraße 5",
        provider: "Klarwerk Digital GmbH\nLindenstraße 14",
        date: "2024-03-05",
        items: [{ description: "Webdesign", quantity: 1, price: 1500 }],
        discountPercent: 7.5,
        taxPercent: 19,
        extraFees: 0,
        notes: "Zahlbar in 14 Tagen.",
      },
    });
  });

  test("holds percentages to 0–100 and fees to ≥ 0; empty counts as 0", () => {
    const result = validateInvoiceForm(form({ discountPercent: 150, taxPercent: "", extraFees: -3 }), id);
    expect(result.ok && result.invoice).toMatchObject({ discountPercent: 100, taxPercent: 0, extraFees: 0 });
    const negative = validateInvoiceForm(form({ discountPercent: -1, taxPercent: 101, extraFees: "4,99" }), id);
    expect(negative.ok && negative.invoice).toMatchObject({ discountPercent: 0, taxPercent: 100, extraFees: 4.99 });
  });
});

describe("invoiceDraft and keptItem", () => {
  test("the draft keeps the valid rows even while customer and provider are empty", () => {
    const draft = invoiceDraft(
      form({
        customer: "",
        provider: "",
        items: [{ description: "Webdesign", quantity: "2", price: "9,99" }, emptyInvoiceItem()],
      }),
      0,
    );
    expect(draft.items).toEqual([{ description: "Webdesign", quantity: 2, price: 9.99 }]);
    expect(draft.taxPercent).toBe(19);
  });

  test("a valid form saves exactly its draft", () => {
    const valid = form({ discountPercent: "12,5", extraFees: "4,99", notes: " Danke " });
    expect(validateInvoiceForm(valid, id)).toEqual({ ok: true, invoice: invoiceDraft(valid, id) });
  });

  test.each([
    [
      { description: "A", quantity: 1, price: 1 },
      { description: "A", quantity: 1, price: 1 },
    ],
    [
      { description: " A ", quantity: "0,5", price: "0.01" },
      { description: "A", quantity: 0.5, price: 0.01 },
    ],
    [{ description: "", quantity: 1, price: 1 }, null],
    [{ description: "A", quantity: 0, price: 1 }, null],
    [{ description: "A", quantity: 1, price: 0 }, null],
    [{ description: "A", quantity: "", price: 1 }, null],
    [
      { description: "A", quantity: 1, price: "1," },
      { description: "A", quantity: 1, price: 1 },
    ],
  ] as const)("keptItem(%p) = %p", (row, expected) => {
    expect(keptItem(row)).toEqual(expected);
  });
});

describe("readNumberField", () => {
  test.each([
    [3, 3],
    ["3", 3],
    ["1,5", 1.5],
    [" 2.25 ", 2.25],
    ["", null],
    ["abc", null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ] as const)("readNumberField(%p) = %p", (value, expected) => {
    expect(readNumberField(value)).toBe(expected);
  });
});

describe("canRemoveItem", () => {
  test("the last row stays", () => {
    expect(canRemoveItem([])).toBe(false);
    expect(canRemoveItem([emptyInvoiceItem()])).toBe(false);
    expect(canRemoveItem([emptyInvoiceItem(), emptyInvoiceItem()])).toBe(true);
  });
});

test("input hints match the spec", () => {
  expect(invoiceInputHints).toEqual({
    quantity: { min: 1 },
    price: { min: 0, step: 0.01 },
    discountPercent: { min: 0, max: 100 },
    taxPercent: { min: 0, max: 100 },
    extraFees: { min: 0, step: 0.01 },
  });
});
