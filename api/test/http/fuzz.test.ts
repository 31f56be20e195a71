import { afterAll, describe, expect, test } from "bun:test";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { isApiErrorCode, todayInGermany } from "@klarwerk/kit";
import fc from "fast-check";
import { streamedBodyPaths } from "../../src/modules/files/routes.ts";
import { upload } from "../storage/upload-helpers.ts";
import { createTestApp, scopedRateLimits, testConfig } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { rawRequest } from "../support/raw-http.ts";
import { registerAndLogin } from "../support/users.ts";

// Malformed requests, generated from a fixed seed, to every route the app registers: none may
// answer 5xx, and every error must be the German `{ message }`. The routes come from
// `app.routes`, so a route added later is fuzzed without touching this file.

const seed = 20_261_123;
const requestsInAll = 10_500;
/** Requests in flight at once: the database waits overlap, the event loop stays busy. */
const concurrency = 8;

const db = await createTestDatabase();
const config = testConfig();
// Every limit counts each request as if from a client of its own: the limits would otherwise
// answer most logins, registrations and contact posts with a 429 before the handler sees them.
const app = createTestApp(db.sql, config, { rateLimits: scopedRateLimits(db.sql, () => crypto.randomUUID()) });
const { token } = await registerAndLogin(app, { name: "Fritz Fuzz" });
afterAll(async () => {
  await db.drop();
  await rm(join(config.dataDir, ".."), { recursive: true, force: true });
});
// Something to find: file 1 (an image, so its preview answers) and whatever the fuzz creates.
await upload(app, token, { name: "bild.png", type: "image/png", content: new Uint8Array([137, 80, 78, 71, 1, 2, 3]) });

/** Characters and pieces that have broken servers before. */
const nastyPiece = fc.constantFrom(
  "\0",
  "\uD800",
  "\uDFFF",
  "\uD83D",
  "😀",
  "\uFFFF",
  "\uFEFF",
  "\u202E",
  "\r\n",
  "\t",
  "%",
  "%00",
  "%ED%A0%80",
  "'",
  '"',
  "\\",
  "<script>",
  "../",
  "ä",
  " ",
);

const plainText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.array(fc.oneof(nastyPiece, fc.string({ maxLength: 4 })), { maxLength: 8 }).map((parts) => parts.join("")),
  fc.constantFrom("", " ", "a".repeat(256), "x".repeat(6_000), "Z".repeat(70_000), "a@b.de", "max@example.com"),
  fc.constantFrom("1e400", "-0", "NaN", "99999999999999999999999", "0x1F", "1.5", "-1", "0", "1", "2"),
);

/** Text of every kind, a third of it with a character Postgres cannot store somewhere inside. */
const nastyText = fc.oneof(
  { weight: 2, arbitrary: plainText },
  {
    weight: 1,
    arbitrary: fc.tuple(plainText, fc.constantFrom("\0", "\0", "\uD800", "\uDFFF"), fc.nat()).map(([text, bad, at]) => {
      const cut = text.length === 0 ? 0 : at % text.length;
      return `${text.slice(0, cut)}${bad}${text.slice(cut)}`;
    }),
  },
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: nastyText },
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 2 ** 63, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyText, { maxLength: 3 }),
  fc.dictionary(nastyText, nastyText, { maxKeys: 3 }),
);

/**
 * Dates that have broken servers: year 0 and 9999 (JavaScript reads them, PostgreSQL
 * has no year 0), a leap day that is none, expanded years, a timestamp, a time zone's end.
 */
const nastyDate = fc.oneof(
  fc.constantFrom(
    "0000-01-01",
    "9999-12-31",
    "2100-02-29",
    "2026-02-30",
    "1999-12-31",
    "-000001-01-01",
    "+275760-09-13",
    "2026-03-05T00:00:00Z",
    "2026-3-5",
    "05.03.2026",
  ),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([year, month, day]) =>
      [String(year).padStart(4, "0"), String(month).padStart(2, "0"), String(day).padStart(2, "0")].join("-"),
    ),
);

const dateFields = ["issueDate", "serviceDate", "servicePeriodStart", "servicePeriodEnd", "paidOn"];

const strongPassword = "Wolken-Segel-Brise-Anker-17";

/**
 * A body every route that reads JSON would accept (the fields of all of them; each ignores the
 * others), so that one or two broken fields are what a route meets, not a body refused at once.
 */
const validBody: Record<string, unknown> = {
  name: "Max Muster",
  email: "max@example.com",
  password: strongPassword,
  confirmPassword: strongPassword,
  message: "Guten Tag, bitte rufen Sie mich an.",
  company: "Muster GmbH",
  phone: "+49 30 123456",
  notes: "Kennt uns von der Messe.",
  status: "in_kontakt",
  parent_id: null,
  // Invoices and payments: every date field they take.
  recipient: "Müller GmbH\nHauptstraße 5\n80331 München",
  provider: "Klarwerk Digital GmbH\nLindenstraße 14\n10969 Berlin",
  issueDate: todayInGermany(),
  paidOn: todayInGermany(),
  items: [{ description: "Beratung", quantity: 1, unitPriceCents: 10_000 }],
};

const fieldNames = [...Object.keys(validBody), ...dateFields, "issue", "website", "id"];

/** A change to a valid body: a field with another value, a field left out, a key of its own. */
const mutation = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(fc.constantFrom(...fieldNames), nastyValue).map(([field, value]) => ({ field, value })),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...dateFields), nastyDate).map(([field, value]) => ({ field, value })),
  },
  { weight: 1, arbitrary: fc.constantFrom(...fieldNames).map((field) => ({ field, value: undefined })) },
  { weight: 1, arbitrary: fc.tuple(nastyText, nastyValue).map(([field, value]) => ({ field, value })) },
);

/** A valid body with one or two mutations (`undefined` leaves the field out). */
const jsonObject = fc.array(mutation, { minLength: 1, maxLength: 2 }).map((mutations) => {
  const body: Record<string, unknown> = { ...validBody };
  for (const { field, value } of mutations) body[field] = value;
  return JSON.stringify(body);
});

/** JSON a serializer would not write: numbers too large for a double, truncated, deeply nested. */
const oddJson = fc.oneof(
  fc.constantFrom(
    '{"parent_id": 1e999, "name": "x"}',
    '{"name": "x", "parent_id": 123456789012345678901234567890}',
    '{"name": 1e999, "email": -0, "message": 0.1e-400}',
    '{"name": "a", "name": "b"}',
    '{"__proto__": {"admin": true}, "name": "x"}',
    '{"constructor": {"prototype": {"x": 1}}}',
    "\uFEFF{}",
    "[]",
    "null",
    "true",
    '"text"',
    "{",
    "",
    `${"[".repeat(50_000)}${"]".repeat(50_000)}`,
    `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`,
  ),
  fc.string({ maxLength: 60 }),
  jsonObject.chain((json) => fc.nat({ max: json.length }).map((cut) => json.slice(0, cut))),
);

const boundary = "----fuzzboundary";

/** A multipart body, sometimes with a broken structure. */
const multipart = fc
  .record({
    parts: fc.array(
      fc.record({
        name: fc.oneof(fc.constantFrom("file", "folder_id", "other"), nastyText),
        filename: fc.option(nastyText),
        type: fc.option(fc.oneof(fc.constantFrom("image/png", "text/plain", "x"), nastyText)),
        content: nastyText,
      }),
      { maxLength: 3 },
    ),
    closed: fc.boolean(),
  })
  .map(({ parts, closed }) => {
    const quote = (value: string) => value.replaceAll('"', "%22").replace(/[\r\n]/g, "");
    const body = parts
      .map((part) => {
        const disposition = `form-data; name="${quote(part.name)}"${part.filename === null ? "" : `; filename="${quote(part.filename)}"`}`;
        const type = part.type === null ? "" : `\r\nContent-Type: ${quote(part.type)}`;
        return `--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n${part.content}\r\n`;
      })
      .join("");
    return closed ? `${body}--${boundary}--\r\n` : body;
  });

const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "application/vnd.api+json",
  "text/plain",
  "text/html",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  `multipart/form-data; boundary=${boundary}`,
  "multipart/form-data; boundary=",
  "application/octet-stream",
  ";;;",
);

type Body = { kind: "none" } | { kind: "text"; text: string; type: string | null };

/** Bodies for a route: mostly a valid body with a field or two changed; multipart for uploads. */
function bodyFor(streamed: boolean): fc.Arbitrary<Body> {
  const text = (arbitrary: fc.Arbitrary<string>, type: string) =>
    arbitrary.map((text) => ({ kind: "text" as const, text, type }));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
    { weight: streamed ? 1 : 8, arbitrary: text(jsonObject, "application/json") },
    { weight: 2, arbitrary: text(oddJson, "application/json") },
    { weight: streamed ? 8 : 1, arbitrary: text(multipart, `multipart/form-data; boundary=${boundary}`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.oneof(jsonObject, oddJson, multipart), fc.option(contentType))
        .map(([text, type]) => ({ kind: "text" as const, text, type })),
    },
  );
}

/** What a URL can carry of `text`: lone surrogates have no UTF-8 form, so none reach a server. */
function wellFormed(text: string): string {
  return text.replace(/\p{Cs}/gu, "\uFFFD");
}

/** A path segment: mostly an id that exists, else ids of every shape, broken escapes, raw text. */
const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constant("1") },
  fc.constantFrom(
    "1",
    "2",
    "0",
    "-1",
    "1.5",
    "1e3",
    "99999999999999999",
    "9007199254740993",
    "abc",
    "..",
    "%2e%2e",
    "%00",
    "1%00",
    "%ff",
    "%E0%A4%A",
    "%",
    "%ED%A0%80",
    "%2F",
    "",
  ),
  nastyText.map((text) => encodeURIComponent(wellFormed(text))),
  nastyText.map((text) => text.replace(/[/?#]/g, "")),
);

/** Query parameters the routes read, with valid values. */
const validQuery: [string, string][] = [
  ["page", "1"],
  ["limit", "10"],
  ["search", "Muster"],
  ["status", "in_kontakt"],
  ["folder_id", "1"],
  ["parent_id", "1"],
  ["before", "5"],
];

/** Some valid parameters, one or two of them (or a key of its own) with another value. */
const queryString = fc
  .tuple(
    fc.subarray(validQuery),
    fc.array(
      fc.tuple(
        fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...validQuery.map(([key]) => key)) }, segment),
        fc.oneof(segment, fc.constantFrom("", "[]", "1&1", "=")),
      ),
      { maxLength: 2 },
    ),
  )
  .map(([valid, changed]) => {
    const pairs = new Map(valid);
    for (const [key, value] of changed) pairs.set(key, value);
    return pairs.size === 0 ? "" : `?${[...pairs].map(([key, value]) => `${key}=${value}`).join("&")}`;
  });

const authorization = fc.oneof(
  { weight: 16, arbitrary: fc.constant(`Bearer ${token}`) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom("Bearer x.y.z", "Bearer", "Basic YTpi", `Bearer ${token}x`) },
  { weight: 1, arbitrary: nastyText.map((text) => `Bearer ${encodeURIComponent(wellFormed(text))}`) },
);

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Requests aimed at one route: its own method (mostly), its path with generated parameters. */
function requestsFor(route: { method: string; path: string }): fc.Arbitrary<FuzzRequest> {
  const ownMethod =
    route.method === "ALL" ? fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH") : fc.constant(route.method);
  const method = fc.oneof(
    { weight: 9, arbitrary: ownMethod },
    fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"),
  );
  const names = route.path.split("/").filter((part) => part.startsWith(":") || part === "*");
  const pathValues = fc.tuple(...names.map(() => segment));
  const streamed = (streamedBodyPaths as readonly string[]).includes(route.path);
  return fc
    .record({ method, values: pathValues, query: queryString, auth: authorization, body: bodyFor(streamed) })
    .map(({ method, values, query, auth, body }) => {
      let index = 0;
      const path = route.path
        .split("/")
        .map((part) => (part.startsWith(":") || part === "*" ? (values[index++] ?? "") : part))
        .join("/");
      const headers: Record<string, string> = {};
      if (auth !== null) headers.authorization = auth;
      const withBody = body.kind === "text" && method !== "GET" && method !== "OPTIONS";
      if (withBody && body.type !== null) headers["content-type"] = body.type;
      // The upload route reads its body as it streams: give it declared lengths, as browsers do.
      if (withBody && streamed) headers["content-length"] = String(Buffer.byteLength(body.text));
      return { method, url: `http://localhost${path}${query}`, headers, body: withBody ? body.text : undefined };
    });
}

/** Words of English error messages: a framework's own text leaking through. */
const englishWords = /\b(expected|invalid|error|unexpected|failed|must|required|property|cannot|unknown|not found)\b/i;
/** Any German answer of ours has one of these. */
const germanMarkers =
  /[äöüßÄÖÜ„“]|\b(der|die|das|den|dem|des|ein|eine|einer|ist|sind|nicht|Nicht|bitte|Bitte|Sie|Ihr|Ihre|zu|mit|und|oder|kein|keine|wird|darf|muss|gibt|Datei|Anfrage)\b/;

/** The client's share pages (decision 0096): German HTML for a person, never JSON. */
function isSharePage(url: string): boolean {
  return /^(?:http:\/\/localhost)?\/s(?:\/|$|\?)/.test(url);
}

/** What is wrong with an answer (`url`: what was asked for), or null. */
async function problemWith(response: Response, url: string): Promise<string | null> {
  if (response.status >= 500) return `status ${response.status}: ${(await response.text()).slice(0, 300)}`;
  if (response.status < 400) {
    await response.arrayBuffer();
    return null;
  }
  const type = response.headers.get("content-type") ?? "";
  const text = await response.text();
  if (isSharePage(url) && type.startsWith("text/html")) {
    if (!text.includes('<html lang="de">') || !germanMarkers.test(text)) return `${response.status} not a German page`;
    return null;
  }
  if (!type.startsWith("application/json")) return `${response.status} typed ${type}: ${text.slice(0, 200)}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `${response.status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  const keys = parsed !== null && typeof parsed === "object" ? Object.keys(parsed) : [];
  const { code, message } = parsed as { code?: unknown; message?: unknown };
  if (keys.length !== 2 || typeof message !== "string" || message.trim() === "" || !isApiErrorCode(code)) {
    return `${response.status} not { code, message }: ${text.slice(0, 200)}`;
  }
  if (englishWords.test(message) || !germanMarkers.test(message)) return `${response.status} not German: ${message}`;
  return null;
}

function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? "" : ` ${JSON.stringify(request.body.slice(0, 200))}`;
  return `${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.headers["content-type"] ?? null)}${body}`;
}

describe("fuzz: malformed requests to every route", () => {
  test(`${requestsInAll} generated requests: no 5xx, every error a German { message }`, async () => {
    const routes = app.routes;
    expect(routes.length).toBeGreaterThan(20);
    const perRoute = Math.ceil(requestsInAll / routes.length);
    const requests = routes.flatMap((route, index) =>
      fc.sample(requestsFor(route), { seed: seed + index, numRuns: perRoute }),
    );
    const problems: string[] = [];
    let sent = 0;
    for (let start = 0; start < requests.length; start += concurrency) {
      await Promise.all(
        requests.slice(start, start + concurrency).map(async (request) => {
          let built: Request;
          try {
            built = new Request(request.url, { method: request.method, headers: request.headers, body: request.body });
          } catch {
            // A URL or header no HTTP client could send (the runtime refuses to build it).
            return;
          }
          sent++;
          const problem = await problemWith(await app.handle(built), request.url);
          if (problem) problems.push(`${describeRequest(request)} → ${problem}`);
        }),
      );
    }
    expect({ problems: problems.length, first: problems.slice(0, 20) }).toEqual({ problems: 0, first: [] });
    expect(sent).toBeGreaterThanOrEqual(10_000);
  }, 180_000);
});

/** Raw HTTP/1.0 requests, half of them without a Host header, over a socket to the listening app. */
const http10Requests = 1_200;

/** What Bun's HTTP parser answers, with no body, to a request it cannot read. */
const bunParserRefusals = new Set([400, 431]);

/** `request` as HTTP/1.0 bytes, as written, with or without a Host header. */
function http10(request: FuzzRequest, withHost: boolean): string {
  const url = new URL(request.url);
  const lines = [`${request.method} ${url.pathname}${url.search} HTTP/1.0`];
  if (withHost) lines.push("Host: localhost");
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  if (request.body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(request.body)}`);
  return `${lines.join("\r\n")}\r\n\r\n${request.body ?? ""}`;
}

describe("fuzz: HTTP/1.0 over a socket, with and without Host", () => {
  test(`${http10Requests} requests: no 5xx; every answer with a body a German { message } error or a success`, async () => {
    const server = createTestApp(db.sql, config, {
      rateLimits: scopedRateLimits(db.sql, () => crypto.randomUUID()),
    }).listen({ port: 0, hostname: "127.0.0.1" });
    const port = server.server?.port ?? 0;
    try {
      const routes = app.routes;
      const perRoute = Math.ceil(http10Requests / routes.length);
      const requests = routes.flatMap((route, index) =>
        fc.sample(requestsFor(route), { seed: seed + 7_000 + index, numRuns: perRoute }),
      );
      const problems: string[] = [];
      const statuses = new Map<number, number>();
      for (let start = 0; start < requests.length; start += concurrency) {
        await Promise.all(
          requests.slice(start, start + concurrency).map(async (request, offset) => {
            const withHost = (start + offset) % 2 === 0;
            const answer = await rawRequest(port, http10(request, withHost));
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            const where = `${withHost ? "" : "no Host: "}${describeRequest(request)}`;
            if (answer.status === 0) problems.push(`${where} → no answer`);
            // Bun's parser answers what it cannot read at all (a raw line break in the path: 400, a
            // 70,000-character request line: 431) itself, empty, before the app sees it: stack-facts.md.
            else if (bunParserRefusals.has(answer.status) && answer.body === "" && !answer.headers["content-type"])
              return;
            else {
              const problem = await problemWith(
                new Response(answer.body, { status: answer.status, headers: answer.headers }),
                request.url,
              );
              if (problem) problems.push(`${where} → ${problem}`);
            }
          }),
        );
      }
      expect({ problems: problems.length, first: problems.slice(0, 20) }).toEqual({ problems: 0, first: [] });
      // Without Host, no request reaches a handler: each is the German 400.
      expect(statuses.get(400) ?? 0).toBeGreaterThanOrEqual(requests.length / 2);
    } finally {
      await server.stop(true);
    }
  }, 120_000);
});
