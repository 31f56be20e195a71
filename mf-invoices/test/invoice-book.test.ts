import { expect, test } from "bun:test";
import { nextInvoiceId } from "../src/state/invoiceBook";
import { makeInvoice } from "./fixtures";

test("a new invoice's id is the timestamp, and above the newest invoice's", () => {
  expect(nextInvoiceId([], 1_717_171_717_171)).toBe(1_717_171_717_171);
  const newest = makeInvoice({ id: 1_717_171_717_171 });
  expect(nextInvoiceId([newest], 1_717_171_717_171)).toBe(1_717_171_717_172);
  expect(nextInvoiceId([newest], 1_717_171_717_100)).toBe(1_717_171_717_172);
  expect(nextInvoiceId([newest], 1_717_171_800_000)).toBe(1_717_171_800_000);
});
