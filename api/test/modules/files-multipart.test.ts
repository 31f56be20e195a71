import { describe, expect, test } from "bun:test";
import { boundaryOf, MultipartError, MultipartParser, type PartHeaders } from "../../src/modules/files/multipart.ts";

interface ParsedPart extends PartHeaders {
  body: Buffer;
  ended: boolean;
}

/** Feeds `chunks` through a parser and returns the parts it saw. */
async function parse(boundary: string, chunks: Uint8Array[]): Promise<ParsedPart[]> {
  const parts: ParsedPart[] = [];
  const parser = new MultipartParser(boundary, (headers) => {
    const part: ParsedPart = { ...headers, body: Buffer.alloc(0), ended: false };
    parts.push(part);
    return {
      data(bytes) {
        part.body = Buffer.concat([part.body, bytes]);
      },
      end() {
        part.ended = true;
      },
    };
  });
  for (const chunk of chunks) await parser.write(chunk);
  parser.end();
  return parts;
}

function body(boundary: string, parts: { headers: string[]; content: Uint8Array | string }[], epilogue = "") {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    pieces.push(Buffer.from(`--${boundary}\r\n${part.headers.join("\r\n")}\r\n\r\n`));
    pieces.push(Buffer.from(part.content));
    pieces.push(Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n${epilogue}`));
  return Buffer.concat(pieces);
}

function splitAt(bytes: Buffer, ...cuts: number[]): Buffer[] {
  const chunks: Buffer[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    chunks.push(bytes.subarray(start, cut));
    start = cut;
  }
  return chunks;
}

const boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW";
// Content that looks like the boundary's start without being it, ending right where a split may fall.
const tricky = Buffer.from(
  `a\r\n--\r\n-${"-".repeat(4)}WebKitFormBoundary7MA4YWxk\r\n\r\n--${boundary.slice(0, -1)}X end\r`,
);
const form = body(boundary, [
  { headers: ['Content-Disposition: form-data; name="folder_id"'], content: "42" },
  {
    headers: [
      'Content-Disposition: form-data; name="file"; filename="Präsentation März ü.pdf"',
      "Content-Type: application/pdf",
    ],
    content: tricky,
  },
]);

function expectForm(parts: ParsedPart[]): void {
  expect(parts).toHaveLength(2);
  expect(parts[0]).toEqual({
    name: "folder_id",
    filename: null,
    contentType: null,
    body: Buffer.from("42"),
    ended: true,
  });
  expect(parts[1]?.name).toBe("file");
  expect(parts[1]?.filename).toBe("Präsentation März ü.pdf");
  expect(parts[1]?.contentType).toBe("application/pdf");
  expect(parts[1]?.body.equals(tricky)).toBe(true);
  expect(parts[1]?.ended).toBe(true);
}

describe("MultipartParser", () => {
  test("reads a form in one chunk", async () => {
    expectForm(await parse(boundary, [form]));
  });

  test("reads the same form split into two chunks at every position", async () => {
    for (let cut = 0; cut <= form.length; cut++) expectForm(await parse(boundary, splitAt(form, cut)));
  });

  test("reads the same form split into three chunks at many positions", async () => {
    for (let first = 0; first < form.length; first += 7) {
      for (let second = first; second <= form.length; second += 5) {
        expectForm(await parse(boundary, splitAt(form, first, second)));
      }
    }
  });

  test("reads it byte by byte", async () => {
    expectForm(await parse(boundary, splitAt(form, ...Array.from({ length: form.length - 1 }, (_, i) => i + 1))));
  });

  test("a large binary file in random chunk sizes arrives byte for byte", async () => {
    const content = Buffer.from(crypto.getRandomValues(new Uint8Array(60_000)));
    // Plant the delimiter's first 30 bytes across the file.
    const near = Buffer.from(`\r\n--${boundary}`).subarray(0, 30);
    for (let at = 1000; at < content.length - 100; at += 4999) near.copy(content, at);
    const bytes = body(boundary, [
      { headers: ['Content-Disposition: form-data; name="file"; filename="gross.bin"'], content },
    ]);
    for (let round = 0; round < 20; round++) {
      const cuts: number[] = [];
      for (let at = 0; at < bytes.length; at += 1 + Math.floor(Math.random() * 9000)) cuts.push(at);
      const [part] = await parse(boundary, splitAt(bytes, ...cuts.slice(1)));
      expect(part?.body.equals(content)).toBe(true);
    }
  });

  test("an empty file and an empty field are parts without bytes", async () => {
    const parts = await parse(boundary, [
      body(boundary, [
        { headers: ['Content-Disposition: form-data; name="folder_id"'], content: "" },
        { headers: ['Content-Disposition: form-data; name="file"; filename=""'], content: "" },
      ]),
    ]);
    expect(parts.map((part) => [part.name, part.filename, part.body.length])).toEqual([
      ["folder_id", null, 0],
      ["file", "", 0],
    ]);
  });

  test("ignores a preamble and an epilogue", async () => {
    const bytes = Buffer.concat([
      Buffer.from("This is the preamble.\r\n"),
      body(boundary, [{ headers: ['Content-Disposition: form-data; name="a"'], content: "1" }], "epilogue\r\n"),
    ]);
    const parts = await parse(boundary, [bytes]);
    expect(parts.map((part) => part.body.toString())).toEqual(["1"]);
  });

  test("reads header names in any case and parameters in any order; filename* wins", async () => {
    const [part] = await parse(boundary, [
      body(boundary, [
        {
          headers: [
            `content-DISPOSITION: form-data; filename*=UTF-8''%C3%BC%20b.txt; filename="u b.txt"; name=file`,
            "CONTENT-TYPE: Text/Plain; charset=utf-8",
          ],
          content: "x",
        },
      ]),
    ]);
    expect(part).toMatchObject({ name: "file", filename: "ü b.txt", contentType: "text/plain" });
  });

  test("a backslash in a quoted file name is kept (browsers do not escape with it)", async () => {
    const [part] = await parse(boundary, [
      body(boundary, [{ headers: ['Content-Disposition: form-data; name="file"; filename="a\\b.txt"'], content: "" }]),
    ]);
    expect(part?.filename).toBe("a\\b.txt");
  });

  test.each([
    [
      "a body without the closing boundary",
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1`),
    ],
    ["an empty body", Buffer.alloc(0)],
    ["a body without any boundary", Buffer.from("x".repeat(20_000))],
    ["a part without Content-Disposition", body(boundary, [{ headers: ["Content-Type: text/plain"], content: "1" }])],
    ["a part without any headers", Buffer.from(`--${boundary}\r\n\r\n1\r\n--${boundary}--`)],
    ["a part that is not form-data", body(boundary, [{ headers: ["Content-Disposition: attachment"], content: "" }])],
    ["a malformed header line", body(boundary, [{ headers: ["nonsense"], content: "" }])],
    ["a garbled boundary line", Buffer.from(`--${boundary}XY\r\n`)],
    [
      "headers that never end",
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a"; x="${"y".repeat(20_000)}"`),
    ],
  ])("%s is refused", async (_, bytes) => {
    await expect(parse(boundary, [bytes])).rejects.toBeInstanceOf(MultipartError);
  });

  test("more parts than allowed are refused", async () => {
    const parts = Array.from({ length: 17 }, (_, index) => ({
      headers: [`Content-Disposition: form-data; name="f${index}"`],
      content: "x",
    }));
    await expect(parse(boundary, [body(boundary, parts)])).rejects.toThrow("too many parts");
  });

  test("each part's body offset points at its first byte, wherever the chunks are cut", async () => {
    for (let cut = 0; cut <= form.length; cut += 7) {
      const offsets: number[] = [];
      const parser = new MultipartParser(boundary, (_, bodyOffset) => {
        offsets.push(bodyOffset);
        return { data() {}, end() {} };
      });
      for (const chunk of splitAt(form, cut)) await parser.write(chunk);
      expect(offsets).toHaveLength(2);
      expect(form.subarray(offsets[0], (offsets[0] ?? 0) + 2).toString()).toBe("42");
      expect(form.subarray(offsets[1], (offsets[1] ?? 0) + tricky.length).equals(tricky)).toBe(true);
    }
  });

  test("afterDelimiter parses a form's end: the parts after a delimiter up to the closing one", async () => {
    const delimiter = `\r\n--${boundary}`;
    const end = form.subarray(form.indexOf(delimiter, form.indexOf("filename")) + delimiter.length);
    expect(end.toString()).toBe("--\r\n");
    const parser = new MultipartParser(boundary, () => ({ data() {}, end() {} }), { afterDelimiter: true });
    await parser.write(end);
    expect(parser.done).toBe(true);
    const tail = Buffer.from(`\r\nContent-Disposition: form-data; name="folder_id"\r\n\r\n7\r\n--${boundary}--\r\n`);
    const parts: string[] = [];
    const rest = new MultipartParser(
      boundary,
      (headers) => {
        parts.push(headers.name ?? "");
        return { data() {}, end() {} };
      },
      { afterDelimiter: true },
    );
    await rest.write(tail);
    rest.end();
    expect(parts).toEqual(["folder_id"]);
  });

  test("an error from the handler stops the parser", async () => {
    const parser = new MultipartParser(boundary, () => ({
      data() {
        throw new Error("too large");
      },
      end() {},
    }));
    await expect(parser.write(form)).rejects.toThrow("too large");
  });
});

describe("boundaryOf", () => {
  test.each([
    ["multipart/form-data; boundary=----abc123", "----abc123"],
    ['multipart/form-data; charset=utf-8; boundary="quoted boundary"', "quoted boundary"],
    ["multipart/form-data;boundary=x", "x"],
    ["multipart/form-data; BOUNDARY = y", "y"],
  ])("%p → %p", (header, expected) => {
    expect(boundaryOf(header)).toBe(expected);
  });

  test.each([
    "multipart/form-data",
    "multipart/form-data; boundary=",
    `multipart/form-data; boundary=${"x".repeat(71)}`,
  ])("%p has none", (header) => {
    expect(boundaryOf(header)).toBeNull();
  });
});
