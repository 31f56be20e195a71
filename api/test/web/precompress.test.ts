import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { precompressDirectory } from "../../src/web/precompress.ts";

let dir: string;
const bigJs = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `wort-${i % 37}`))};\n`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "klarwerk-precompress-"));
  await mkdir(join(dir, "static", "js"), { recursive: true });
  await writeFile(join(dir, "static", "js", "main.0123abcd.js"), bigJs);
  await writeFile(join(dir, "index.html"), `<!doctype html>${"<p>Hallo</p>".repeat(200)}`);
  await writeFile(join(dir, "small.css"), "body{margin:0}");
  await writeFile(join(dir, "static", "js", "main.0123abcd.js.map"), bigJs);
  await writeFile(join(dir, "logo.png"), new Uint8Array(4096));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe("precompressDirectory", () => {
  test("writes .br and .gz next to text files over 1 KB, recursively", async () => {
    const summary = await precompressDirectory(dir);
    expect(summary.files).toBe(2);
    const js = join(dir, "static", "js", "main.0123abcd.js");
    expect(brotliDecompressSync(await Bun.file(`${js}.br`).bytes()).toString()).toBe(bigJs);
    expect(gunzipSync(await Bun.file(`${js}.gz`).bytes()).toString()).toBe(bigJs);
    expect(await Bun.file(join(dir, "index.html.br")).exists()).toBe(true);
    expect(summary.brotliBytes).toBeLessThan(summary.bytes);
  });

  test("leaves small files, source maps and binaries alone", async () => {
    for (const name of ["small.css", "static/js/main.0123abcd.js.map", "logo.png"]) {
      expect(await Bun.file(join(dir, `${name}.br`)).exists()).toBe(false);
      expect(await Bun.file(join(dir, `${name}.gz`)).exists()).toBe(false);
    }
  });

  test("running again refreshes siblings and removes stale ones", async () => {
    await writeFile(join(dir, "index.html"), "<!doctype html><p>kurz</p>");
    const summary = await precompressDirectory(dir);
    expect(summary.files).toBe(1);
    expect(await Bun.file(join(dir, "index.html.br")).exists()).toBe(false);
    expect(await Bun.file(join(dir, "index.html.gz")).exists()).toBe(false);
    expect(await Bun.file(join(dir, "static", "js", "main.0123abcd.js.br")).exists()).toBe(true);
  });
});
