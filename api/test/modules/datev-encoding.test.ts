// The DATEV file's encoding at its edges: Windows-1252's own letters one byte each, the 0x80-0x9f
// block's (€, „, “, –) by its table, and a character it has no byte for as one "?" (never a 500,
// never UTF-8 bytes in the file), read back with the platform's decoder, not ours.
import { expect, test } from "bun:test";
import { encodeWindows1252 } from "../../src/modules/invoices/datev.ts";

const decode = (bytes: Uint8Array) => new TextDecoder("windows-1252").decode(bytes);

test("Windows-1252's letters round-trip, one byte each", () => {
  const text = "Bäckerei Grünöl & Söhne, Straße 5 – „Angebot“ 1.190,00 € ÄÖÜ ÿ\u00a0";
  const bytes = encodeWindows1252(text);
  expect(bytes.length).toBe([...text].length);
  expect(decode(bytes)).toBe(text);
  expect([...encodeWindows1252("€„“–")]).toEqual([0x80, 0x84, 0x93, 0x96]);
});

test("a character Windows-1252 lacks becomes one ?, an emoji too, and the rest stays", () => {
  const bytes = encodeWindows1252("Dvořák Łódź 😀 ok");
  expect(decode(bytes)).toBe("Dvo?ák ?ód? ? ok");
  expect(bytes.every((byte) => byte !== 0xc3 && byte !== 0xc5 && byte !== 0xf0)).toBe(true);
  // The C1 controls 0x80-0x9f have no Windows-1252 letter of their own: never passed through.
  expect(decode(encodeWindows1252("\u0081\u009f"))).toBe("??");
});
