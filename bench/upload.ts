// Uploads one large file through the API as a browser sends it (multipart, bearer) and prints,
// measured side by side in one run:
// - the API process's resident-memory growth during the upload (goal: at most 64 MB), sampled
//   from /proc every 20 ms and checked against the kernel's own high-water mark (VmHWM);
// - its throughput as a ratio to `cp` of the same file on the same disk (goal: at least 0.5);
// - for context, its throughput as a ratio to a bare Bun server that reads the same request body
//   and throws it away (no parsing, no disk): the most any Bun handler can reach here.
//
// Five interleaved rounds of cp, API upload and bare read, each round in a rotated order; medians
// are compared, so load from other processes, and a slow first write after a pause (seen on
// these VMs: the same cp took 0.5 s or 3-5 s), hits all three alike. The client sends the file from disk (sendfile), as a
// browser streams a picked file.
//
// With `--store s3`, the same upload also goes to a second API process whose blob store is an
// S3-compatible server (s3rver, started by the bench in a process of its own, serving a folder on
// the same disk): its resident-memory growth (goal ≤ 64 MB) and its throughput as a ratio to the
// disk store's, both measured in the same rounds.
//
// After every round the stored file is downloaded through the API and its SHA-256 compared with
// the source's (and with the download's Repr-Digest): a round whose bytes differ fails the bench,
// so "sha-256 equal" printed beside a round's growth means the stored file is the sent one.
//
// Usage: bun bench/upload.ts [size in MiB, default 1024] [--store disk|s3]
// Uses DATABASE_URL's server when set, the embedded database otherwise (as `bun start` does).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestServer } from "../scripts/test-server";
import { reportReady, startChild } from "./support/child.ts";
import { startS3Server } from "./support/s3-server.ts";
import { signUp } from "./support/session.ts";
import { median } from "./support/stats.ts";

// Child mode: the bare server, in a process of its own like the API.
if (process.argv[2] === "--bare-server") {
  const bare = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    async fetch(request) {
      let bytes = 0;
      for await (const chunk of request.body ?? []) bytes += chunk.length;
      return new Response(String(bytes));
    },
  });
  reportReady(bare.port);
  await new Promise(() => {});
}

const mebibyte = 1024 * 1024;
const storeFlag = process.argv.indexOf("--store");
const store = storeFlag >= 0 ? process.argv[storeFlag + 1] : "disk";
const sizeArgument = process.argv
  .slice(2)
  .find((argument, index, all) => !argument.startsWith("--") && all[index - 1] !== "--store");
const sizeMiB = Number(sizeArgument ?? 1024);
if (!Number.isInteger(sizeMiB) || sizeMiB < 1 || (store !== "disk" && store !== "s3")) {
  console.error("Usage: bun bench/upload.ts [size in MiB] [--store disk|s3]");
  process.exit(1);
}
const size = sizeMiB * mebibyte;
const rounds = 5;

// Test file, cp target and the API's DATA_DIR on one disk, so cp and the upload write to the same place.
const workDir = mkdtempSync(join(tmpdir(), "klarwerk-bench-upload-"));
const dataDir = join(workDir, "data");
const upload = join(workDir, "upload.multipart");
const boundary = `----bench${crypto.randomUUID()}`;

/** SHA-256 (base64) of the file's bytes, computed while the body is written. */
let sourceSha256 = "";

/**
 * The request body a browser would send for one picked file: the part header, `size` bytes of
 * incompressible data, the closing boundary. Written once; cp copies this same file.
 */
async function writeUploadBody(): Promise<void> {
  const hasher = new Bun.CryptoHasher("sha256");
  const writer = Bun.file(upload).writer();
  writer.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n",
  );
  const piece = new Uint8Array(8 * mebibyte);
  for (let written = 0; written < size; written += piece.length) {
    crypto.getRandomValues(piece.subarray(0, 65536));
    for (let offset = 65536; offset < piece.length; offset += 65536) piece.copyWithin(offset, 0, 65536);
    piece[0] = written / piece.length;
    const part = piece.subarray(0, Math.min(piece.length, size - written));
    hasher.update(part);
    writer.write(part);
    await writer.flush();
  }
  writer.write(`\r\n--${boundary}--\r\n`);
  await writer.end();
  sourceSha256 = hasher.digest("base64");
}

/** Writes dirty pages back, so no measurement pays for another's writes. */
function settleDisk(): void {
  Bun.spawnSync(["sync"]);
}

/** Seconds `cp` takes for the test file; the copy is removed again. */
function timeCp(): number {
  const target = join(workDir, "copy.bin");
  settleDisk();
  const started = performance.now();
  const result = Bun.spawnSync(["cp", upload, target]);
  const seconds = (performance.now() - started) / 1000;
  if (result.exitCode !== 0) throw new Error(`cp failed: ${result.stderr.toString()}`);
  rmSync(target);
  settleDisk();
  return seconds;
}

/** The server process: `bun api/src/main.ts` with this PORT in its environment. */
function serverPid(port: string): number {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (!cmdline.includes("api/src/main.ts")) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      if (environ.includes(`PORT=${port}`)) return Number(entry);
    } catch {
      // A process that ended meanwhile, or one of another user.
    }
  }
  throw new Error(`no API process found for port ${port}`);
}

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match?.[1]) throw new Error(`${field} missing for ${pid}`);
  return Number(match[1]);
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

function post(url: string, headers: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    body: Bun.file(upload),
  });
}

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
const rate = (seconds: number) => `${(size / mebibyte / seconds).toFixed(0)} MiB/s`;
const list = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");

console.log(`Writing a ${sizeMiB} MiB upload in ${workDir} …`);
await writeUploadBody();

const server = await startTestServer({ dataDir, quiet: true });
const bare = await startChild<number>(import.meta.path, "--bare-server", { graceMs: 5000 });
const bareUrl = `http://127.0.0.1:${bare.ready}`;
// The S3 mode's object store and the API process that keeps its files there.
const s3 = store === "s3" ? await startS3Server(join(workDir, "s3")) : null;
const s3Server = s3 ? await startTestServer({ dataDir: join(workDir, "data-s3"), quiet: true, env: s3.env }) : null;
try {
  interface Target {
    url: string;
    pid: number;
    authorization: string;
  }

  async function targetOf(url: string): Promise<Target> {
    const { token } = await signUp(url);
    const authorization = `Bearer ${token}`;
    // A small upload first, so the measured ones pay for no lazy start-up (modules, first query).
    const warmUp = new FormData();
    warmUp.append("file", new File(["warm"], "warm.txt"));
    await json(await fetch(`${url}/api/files/upload`, { method: "POST", headers: { authorization }, body: warmUp }));
    return { url, pid: serverPid(new URL(url).port), authorization };
  }

  const disk = await targetOf(server.url);
  const onS3 = s3Server ? await targetOf(s3Server.url) : null;
  Bun.gc(true);
  await Bun.sleep(500);

  interface Upload {
    seconds: number;
    baselineKb: number;
    peakKb: number;
  }

  /**
   * The stored file, downloaded through the API (after the timed upload): its SHA-256 must be the
   * source's, and so must the digest the API sends with it. Any difference fails the bench.
   */
  async function checkStored({ url, authorization }: Target, id: number): Promise<void> {
    const download = await fetch(`${url}/api/files/${id}/download`, { headers: { authorization } });
    if (!download.ok || !download.body) throw new Error(`download of file ${id} answered ${download.status}`);
    const hasher = new Bun.CryptoHasher("sha256");
    let bytes = 0;
    for await (const chunk of download.body) {
      hasher.update(chunk);
      bytes += chunk.length;
    }
    const stored = hasher.digest("base64");
    const announced = download.headers.get("repr-digest");
    if (bytes !== size || stored !== sourceSha256 || announced !== `sha-256=:${sourceSha256}:`) {
      throw new Error(
        `${url}: the stored file differs from the source: ${bytes} bytes, sha-256 ${stored} (Repr-Digest ${announced}), sent ${size} bytes, sha-256 ${sourceSha256}`,
      );
    }
  }

  async function timeUpload(target: Target): Promise<Upload> {
    const { url, pid, authorization } = target;
    // Reset the kernel's high-water mark (clear_refs 5), so VmHWM is this upload's peak.
    let kernelPeak = true;
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, "5");
    } catch {
      kernelPeak = false;
    }
    settleDisk();
    const baselineKb = statusKb(pid, "VmRSS");
    let sampledPeak = baselineKb;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, statusKb(pid, "VmRSS"));
    }, 20);
    const started = performance.now();
    const answer = await json<{ file: { id: number; size: number } }>(
      await post(`${url}/api/files/upload`, { authorization }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const peakKb = Math.max(sampledPeak, kernelPeak ? statusKb(pid, "VmHWM") : 0);
    if (answer.file.size !== size) throw new Error(`stored ${answer.file.size} bytes, sent ${size}`);
    await checkStored(target, answer.file.id);
    await fetch(`${url}/api/files/${answer.file.id}`, { method: "DELETE", headers: { authorization } });
    return { seconds, baselineKb, peakKb };
  }

  async function timeBareRead(): Promise<number> {
    settleDisk();
    const started = performance.now();
    const answer = await post(bareUrl, {});
    await answer.text();
    return (performance.now() - started) / 1000;
  }

  const cpRuns: number[] = [];
  const uploads: Upload[] = [];
  const s3Uploads: Upload[] = [];
  const bareRuns: number[] = [];
  const measurements = [
    async () => cpRuns.push(timeCp()),
    async () => uploads.push(await timeUpload(disk)),
    async () => bareRuns.push(await timeBareRead()),
  ];
  if (onS3) measurements.push(async () => s3Uploads.push(await timeUpload(onS3)));
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < measurements.length; step++) {
      await measurements[(round + step) % measurements.length]?.();
    }
  }

  const growthOf = (runs: Upload[]) => {
    const worst = runs.reduce((a, b) => (b.peakKb - b.baselineKb > a.peakKb - a.baselineKb ? b : a));
    return { worst, growth: worst.peakKb - worst.baselineKb };
  };
  const cpSeconds = median(cpRuns);
  const uploadSeconds = median(uploads.map((upload) => upload.seconds));
  const bareSeconds = median(bareRuns);
  const { worst, growth } = growthOf(uploads);
  const ratio = cpSeconds / uploadSeconds;

  console.log(`\nUpload of ${sizeMiB} MiB through POST /api/files/upload, ${rounds} rounds (medians)`);
  console.log(
    `  API upload:       ${uploadSeconds.toFixed(2)} s (${rate(uploadSeconds)}); runs ${list(uploads.map((u) => u.seconds))} s`,
  );
  console.log(`  cp, same file:    ${cpSeconds.toFixed(2)} s (${rate(cpSeconds)}); runs ${list(cpRuns)} s`);
  console.log(`  bare Bun read:    ${bareSeconds.toFixed(2)} s (${rate(bareSeconds)}); runs ${list(bareRuns)} s`);
  console.log(`  throughput ratio upload/cp: ${ratio.toFixed(2)}  (goal ≥ 0.5: ${ratio >= 0.5 ? "met" : "MISSED"})`);
  console.log(
    `  throughput ratio upload/bare read: ${(bareSeconds / uploadSeconds).toFixed(2)}  (1.0 = no cost over Bun's HTTP)`,
  );
  console.log(`  ceiling upload/cp with a handler that does nothing: ${(cpSeconds / bareSeconds).toFixed(2)}`);
  console.log(
    `  API resident memory, worst round: ${mb(worst.baselineKb)} before, ${mb(worst.peakKb)} peak, growth ${mb(growth)}  (goal ≤ 64 MB: ${growth <= 64 * 1024 ? "met" : "MISSED"})`,
  );
  console.log(`  growth per round: ${uploads.map((u) => `${mb(u.peakKb - u.baselineKb)} sha-256 equal`).join(", ")}`);
  if (s3Uploads.length > 0) {
    const s3Seconds = median(s3Uploads.map((upload) => upload.seconds));
    const s3Memory = growthOf(s3Uploads);
    console.log(`\nThe same upload into the S3 store (s3rver on this machine, same rounds)`);
    console.log(
      `  API upload to S3: ${s3Seconds.toFixed(2)} s (${rate(s3Seconds)}); runs ${list(s3Uploads.map((u) => u.seconds))} s`,
    );
    console.log(`  throughput ratio S3 store/disk store: ${(uploadSeconds / s3Seconds).toFixed(2)}`);
    console.log(
      `  API resident memory, worst round: ${mb(s3Memory.worst.baselineKb)} before, ${mb(s3Memory.worst.peakKb)} peak, growth ${mb(s3Memory.growth)}  (goal ≤ 64 MB: ${s3Memory.growth <= 64 * 1024 ? "met" : "MISSED"})`,
    );
    console.log(
      `  growth per round: ${s3Uploads.map((u) => `${mb(u.peakKb - u.baselineKb)} sha-256 equal`).join(", ")}`,
    );
  }
} finally {
  await s3Server?.stop();
  await s3?.stop();
  await bare.stop();
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
