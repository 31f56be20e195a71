// A team's release of its remote against a running deployment, with a deploy key only:
//
//   bun run release mf-dashboard --version 2026.11.24-1 --note "Neue Kacheln" [--canary 10 | --activate]
//   bun run release mf-dashboard --version 2026.11.24-1 --url https://cdn.example.com/…/mf-manifest.json
//   bun run release mf-dashboard --promote | --stop | --rollback <version>
//
// KLARWERK_URL names the deployment (https://portal.example.com), KLARWERK_DEPLOY_KEY the key an
// admin created for this remote. With --version and without --url it builds the remote alone
// (bun scripts/build.ts mf-<name>), packs its dist/ and uploads it; the server checks it before
// anyone can get it. Prints what the server said; exits 1 when it refused, 2 when it could not ask.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { parseCommandLine } from "../api/src/command-line.ts";
import { type Release, type RemoteRollout, remoteDir, remoteNames } from "../packages/kit/src/index.ts";

const root = join(import.meta.dir, "..");

/** The server refused, the build failed, or KLARWERK_URL/KLARWERK_DEPLOY_KEY will not do: exit code 1. */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const dirs = remoteNames.map(remoteDir);
const commandLine = parseCommandLine({
  name: "release",
  synopsis: `<${dirs.join("|")}> (--version <v> [--note <Text>] [--url <Manifest>] [--canary <N> | --activate] | --promote | --stop | --rollback <v>)`,
  description:
    "Liefert eine Version eines Bereichs an eine laufende Installation aus, nur mit einem Schlüssel für die Auslieferung:\n" +
    "KLARWERK_URL nennt die Installation (https://portal.example.com), KLARWERK_DEPLOY_KEY den Schlüssel, den ein Admin\n" +
    "für diesen Bereich angelegt hat. Mit --version und ohne --url wird der Bereich gebaut, gepackt und hochgeladen;\n" +
    "der Server prüft ihn, bevor ihn jemand bekommt.",
  positionals: [{ name: "<Bereich>", help: `der Ordner des Bereichs: ${dirs.join(", ")}` }],
  options: {
    version: { type: "string", value: "<v>", help: "diese Version speichern (z. B. 2026.11.24-1)" },
    note: { type: "string", value: "<Text>", help: "mit --version: eine Notiz zur Version" },
    url: {
      type: "string",
      value: "<Manifest>",
      help: "mit --version: nicht bauen, sondern dieses mf-manifest.json nennen",
    },
    canary: { type: "string", value: "<N>", help: "mit --version: als Canary für N % der Besucher starten" },
    activate: { type: "boolean", help: "mit --version: gleich für alle aktivieren" },
    promote: { type: "boolean", help: "den laufenden Canary für alle übernehmen" },
    stop: { type: "boolean", help: "den laufenden Canary stoppen" },
    rollback: { type: "string", value: "<v>", help: "zu dieser früheren Version zurückkehren" },
  },
  exitCodes: {
    0: "der Server hat angenommen",
    1: "der Server hat abgelehnt, der Build ist fehlgeschlagen, oder KLARWERK_URL/KLARWERK_DEPLOY_KEY fehlt oder taugt nicht",
    2: "der Aufruf ist falsch (unbekannte Option, kein oder ein unbekannter Bereich, nichts zu tun)",
  },
});
const { values, positionals } = commandLine;

const remote = positionals[0] ?? commandLine.fail("Welcher Bereich? z. B. mf-dashboard");
if (!(dirs as string[]).includes(remote)) commandLine.fail(`Unbekannter Bereich: ${remote} (${dirs.join(", ")})`);
if (positionals.length > 1) commandLine.fail(`Unerwartetes Argument: ${positionals[1]}`);
const server = process.env.KLARWERK_URL?.replace(/\/+$/, "");
const key = process.env.KLARWERK_DEPLOY_KEY;
if (!server) fail("KLARWERK_URL fehlt (die Adresse der Installation, z. B. https://portal.example.com).");
if (!key) fail("KLARWERK_DEPLOY_KEY fehlt (der Schlüssel, den ein Admin für diesen Bereich angelegt hat).");
if (!carriesKeySafely(server))
  fail(
    "KLARWERK_URL muss mit https:// beginnen: über http:// ginge der Schlüssel unverschlüsselt durchs Netz (http:// nur für localhost, 127.0.0.1 und ::1).",
  );

/**
 * The key travels in the Authorization header: only over TLS, or to this machine (a deployment
 * under test, where nothing leaves the loopback interface).
 */
function carriesKeySafely(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === "https:") return true;
  return parsed.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(parsed.hostname);
}

async function send(path: string, init: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(`${server}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${key}`, Accept: "application/json", ...init.headers },
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    fail(`${response.status}: ${text.slice(0, 500)}`);
  }
  if (!response.ok) fail(`${response.status}: ${String(body.message ?? text)}`);
  return body;
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Builds the remote alone and packs its dist/ as tar.gz (paths relative to dist/). */
async function packedBuild(): Promise<Uint8Array<ArrayBuffer>> {
  const build = Bun.spawn(["bun", join(root, "scripts/build.ts"), remote], {
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  });
  if ((await build.exited) !== 0) fail(`Der Build von ${remote} ist fehlgeschlagen.`);
  const dist = join(root, remote, "dist");
  const contents: Record<string, Uint8Array> = {};
  // Bytes, not Bun.file(): Bun 1.4.4's Archive writes a lazy file as an empty entry.
  for (const path of files(dist)) contents[relative(dist, path).split("\\").join("/")] = await Bun.file(path).bytes();
  const archive = new Bun.Archive(contents, { compress: "gzip" });
  return new Uint8Array(await (await archive.blob()).arrayBuffer());
}

function describe(rollout: RemoteRollout): string {
  const canary = rollout.canary ? `, Canary ${rollout.canary.version} für ${rollout.canary_share} %` : "";
  return `${remote}: aktiv ${rollout.active?.version ?? "–"}${canary}`;
}

async function rollout(action: string, body: unknown = {}): Promise<void> {
  const answer = await send(`/api/releases/${remote}/${action}`, json(body));
  console.log(JSON.stringify(answer, null, 2));
  console.log(describe(answer.rollout as RemoteRollout));
}

const version = values.version;
if (version) {
  const answer = values.url
    ? await send("/api/releases", json({ remote, version, note: values.note ?? "", manifest_url: values.url }))
    : await send(`/api/releases/upload?${new URLSearchParams({ remote, version, note: values.note ?? "" })}`, {
        method: "POST",
        body: await packedBuild(),
        headers: { "Content-Type": "application/octet-stream" },
      });
  console.log(JSON.stringify(answer, null, 2));
  console.log(`${remote} ${(answer.release as Release).version} ist gespeichert und geprüft.`);
  if (values.canary !== undefined) await rollout("canary", { version, share: Number(values.canary) });
  else if (values.activate) await rollout("activate", { version });
} else if (values.promote) {
  await rollout("promote");
} else if (values.stop) {
  await rollout("stop");
} else if (values.rollback) {
  await rollout("activate", { version: values.rollback });
} else {
  commandLine.fail("Nichts zu tun: --version, --promote, --stop oder --rollback <v> angeben.");
}
