import { describe, expect, test } from "bun:test";
import { fileViewKind, fileViewMaxBytes } from "../src/files";

describe("fileViewKind: what the file viewer shows (one rule for the screen and the API's preview)", () => {
  test("images, PDFs and plain text by their media type; pages and everything else only as a download", () => {
    expect(fileViewKind({ mime_type: "image/png", size: 10 })).toBe("image");
    expect(fileViewKind({ mime_type: "image/svg+xml", size: 10 })).toBe("image");
    expect(fileViewKind({ mime_type: "application/pdf", size: 10 })).toBe("pdf");
    for (const type of ["text/plain", "text/csv", "text/markdown", "application/json"]) {
      expect(fileViewKind({ mime_type: type, size: 10 }), type).toBe("text");
    }
    for (const type of [
      "text/html",
      "application/xhtml+xml",
      "text/javascript",
      "application/octet-stream",
      "text/image",
    ]) {
      expect(fileViewKind({ mime_type: type, size: 10 }), type).toBeNull();
    }
  });

  test("each kind up to its limit; one byte more is downloaded instead", () => {
    const cases = [
      ["image/jpeg", "image"],
      ["application/pdf", "pdf"],
      ["text/plain", "text"],
    ] as const;
    for (const [type, kind] of cases) {
      const limit = fileViewMaxBytes[kind];
      expect(fileViewKind({ mime_type: type, size: limit })).toBe(kind);
      expect(fileViewKind({ mime_type: type, size: limit + 1 })).toBeNull();
    }
    expect(fileViewMaxBytes).toEqual({ image: 20 * 1024 * 1024, pdf: 50 * 1024 * 1024, text: 1024 * 1024 });
  });
});
