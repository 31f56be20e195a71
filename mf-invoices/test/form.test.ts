import { describe, expect, test } from "bun:test";
import { type Invoice, invoiceIssueMessages } from "@klarwerk/kit";
import { invoiceMessages } from "../src/shared/messages";
import {
  billedTotals,
  canRemoveItem,
  centsInput,
  checkIssueForm,
  formOfInvoice,
  invoiceContentOf,
  invoiceInputHints,
  readNumberField,
} from "../src/shared/model/form";
import { emptyInvoiceForm, emptyInvoiceItem, type InvoiceForm } from "../src/shared/model/types";

function form(overrides: Partial<InvoiceForm> = {}): InvoiceForm {
  return {
    ...emptyInvoiceForm("2024-03-05"),
    customer: "Müller & Söhne GmbH\nStraße 5\n50667 Köln",
    provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
    items: [{ description: "Webdesign", quantity: 1, price: "1500" }],
    ...overrides,
  };
}

describe("emptyInvoiceForm", () => {
  test("has the spec's defaults, the given provider block and 14 days", () => {
    const empty = emptyInvoiceForm("2024-03-05", "Klarwerk");
    expect(empty).toMatchObject({
      customer: "",
      provider: "Klarwerk",
      date: "2024-03-05",
      serviceDate: "",
      servicePeriod: false,
      paymentTermDays: 14,
      items: [{ description: "", quantity: 1, price: "0" }],
      discountPercent: 0,
      taxPercent: 19,
      extraFees: "0",
      notes: "",
    });
    expect(emptyInvoiceForm("2024-03-05").provider).toBe("");
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
        { description: "  ", quantity: 1, price: "10" },
        { description: "Preis null", quantity: 1, price: "0" },
        { description: "Menge null", quantity: 0, price: "10" },
        { description: "negativ", quantity: 1, price: "-5" },
        { description: "unlesbar", quantity: 1, price: "zehn" },
        { description: "leer", quantity: "", price: "" },
      ],
    },
    "Mindestens ein gültiger Artikel ist notwendig",
  ],
];

describe("checkIssueForm", () => {
  test.each(refusals)("%s", (_name, overrides, message) => {
    expect(checkIssueForm(form(overrides))?.message).toBe(message);
  });

  test("lists every refusal by field, and announces the first in the spec's order", () => {
    expect(checkIssueForm(form({ customer: "", provider: "", items: [] }))).toEqual({
      message: invoiceMessages.customerRequired,
      errors: {
        customer: invoiceMessages.customerRequired,
        provider: invoiceMessages.providerRequired,
        items: invoiceMessages.itemRequired,
      },
    });
    expect(checkIssueForm(form())).toBeNull();
  });
});

describe("invoiceContentOf", () => {
  test("reads prices and fees with a decimal comma or point, and 1.999,50 as thousands", () => {
    const content = invoiceContentOf(
      form({
        items: [
          { description: "Komma", quantity: 1, price: "199,90" },
          { description: "Punkt", quantity: 1, price: "199.90" },
          { description: "Tausend", quantity: "1,5", price: "1.999,50" },
        ],
        extraFees: "4.5",
      }),
    );
    expect(content.items.map((entry) => entry.unitPriceCents)).toEqual([19_990, 19_990, 199_950]);
    expect(content.items[2]?.quantity).toBe(1.5);
    expect(content.extraFeesCents).toBe(450);
  });

  test("the preview bills what the server will: kept items only, rounded to the cent", () => {
    const content = invoiceContentOf(
      form({
        items: [
          { description: "Punkt", quantity: 1, price: "199.90" },
          { description: "", quantity: 1, price: "50" },
        ],
        taxPercent: 0,
      }),
    );
    const { items, totals } = billedTotals(content);
    expect(items).toHaveLength(1);
    expect(totals?.totalCents).toBe(19_990);
    expect(content.items).toHaveLength(2); // a draft keeps the incomplete row
  });

  test("sends a Leistungsdatum only when it differs, a period only when chosen, and the exemption only at 0 %", () => {
    expect(invoiceContentOf(form()).serviceDate).toBeNull();
    expect(invoiceContentOf(form({ serviceDate: "2024-03-05" })).serviceDate).toBeNull();
    expect(invoiceContentOf(form({ serviceDate: "2024-02-29" })).serviceDate).toBe("2024-02-29");
    const period = invoiceContentOf(
      form({
        servicePeriod: true,
        serviceDate: "2024-02-29",
        servicePeriodStart: "2024-02-01",
        servicePeriodEnd: "2024-02-29",
      }),
    );
    expect([period.serviceDate, period.servicePeriodStart, period.servicePeriodEnd]).toEqual([
      null,
      "2024-02-01",
      "2024-02-29",
    ]);
    expect(invoiceContentOf(form({ taxExemptionReason: "§ 19" })).taxExemptionReason).toBeNull();
    expect(invoiceContentOf(form({ taxPercent: 0, taxExemptionReason: " § 19 UStG " })).taxExemptionReason).toBe(
      "§ 19 UStG",
    );
  });

  test("holds percentages to 0–100 and the Zahlungsziel to whole days; empty counts as the lower bound", () => {
    const content = invoiceContentOf(form({ discountPercent: 150, taxPercent: "", paymentTermDays: "7,5" }));
    expect([content.discountPercent, content.taxPercent, content.paymentTermDays]).toEqual([100, 0, 7]);
  });

  test("amounts too large to compute give no totals", () => {
    const content = invoiceContentOf(form({ items: [{ description: "x", quantity: 1e15, price: "99999999" }] }));
    expect(billedTotals(content).totals).toBeNull();
    expect(invoiceIssueMessages.amountTooLarge).toBe(invoiceMessages.amountTooLarge);
  });
});

test("a stored draft comes back into the form as it was typed", () => {
  const typed = form({
    customerId: 7,
    customerVatId: "DE123456789",
    buyerReference: "04011000-12345-03",
    items: [
      { description: "Punkt", quantity: 2, price: "199,90" },
      { description: "", quantity: 1, price: "0,00" },
    ],
    extraFees: "4,50",
    notes: "Danke",
  });
  const content = invoiceContentOf(typed);
  const stored = { ...content, id: 1, status: "draft", number: null } as unknown as Invoice;
  expect(formOfInvoice(stored)).toEqual({ ...typed, serviceDate: "" });
  expect(centsInput(199_950)).toBe("1999,50");
});

describe("readNumberField", () => {
  test.each([
    [3, 3],
    ["1,5", 1.5],
    ["7.5", 7.5],
    ["", null],
    ["abc", null],
    [Number.NaN, null],
  ] as const)("%p → %p", (value, expected) => {
    expect(readNumberField(value)).toBe(expected);
  });
});

test("the last row stays", () => {
  expect(canRemoveItem([1])).toBe(false);
  expect(canRemoveItem([1, 2])).toBe(true);
});

test("input hints match the spec", () => {
  expect(invoiceInputHints.quantity).toEqual({ min: 1 });
  expect(invoiceInputHints.discountPercent).toEqual({ min: 0, max: 100 });
  expect(invoiceInputHints.taxPercent).toEqual({ min: 0, max: 100 });
});
