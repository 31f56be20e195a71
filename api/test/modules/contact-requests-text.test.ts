import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { App } from "../../src/app.ts";
import { createTestApp, testConfig } from "../support/app.ts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/database.ts";
import { uniqueEmail } from "../support/users.ts";

// Issue 45, rows 6 and 9: what a visitor may type into the contact form, over a real socket as
// a browser sends it. The name (and company) end up in the team mail's subject, where a direction
// override can disguise the sender; every field refuses the control characters with a German 422,
// and the message keeps its line breaks and tabs. An address with umlauts is accepted.

/** C0 and C1 controls at the edges of their ranges and the ones seen in attacks (BEL, ESC, NEL). */
const controls = ["\u0001", "\u0007", "\u0008", "\u000b", "\u000c", "\u000e", "\u001b", "\u001f", "\u007f"].concat([
  "\u0080",
  "\u0085",
  "\u009f",
]);
/** Embeddings, overrides and isolates: U+202A–202E and U+2066–2069. */
const directionControls = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];
/** A line break of any kind, and the tab: fine in the message, never in a one-line field. */
const lineBreaks = ["\n", "\r", "\t", "\u2028", "\u2029"];
/** Just outside the ranges, and the marks that only nudge neutral characters: accepted everywhere. */
const outsideTheRanges = ["\u00a0", "\u200e", "\u200f", "\u2027", "\u202f", "\u2065", "\u206a"];

const code = (character: string) => `U+${character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}`;
const named = (characters: string[]) => characters.map((character) => [code(character), character] as const);

interface StoredRequest {
  name: string;
  email: string;
  company: string | null;
  message: string;
}

const messages = {
  name: "Der Name darf keine Zeilenumbrüche oder Steuerzeichen enthalten.",
  email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  company: "Der Name des Unternehmens darf keine Zeilenumbrüche oder Steuerzeichen enthalten.",
  message: "Die Nachricht darf außer Zeilenumbrüchen und Tabulatoren keine Steuerzeichen enthalten.",
};

describe.each(testDatabaseKinds())("contact form text over a real socket (%s)", (kind) => {
  let db: TestDatabase;
  let app: App;
  let url = "";
  // Each request from a visitor of its own (behind the trusted proxy): the 201s do not add up to the limit.
  let visitor = 0;

  beforeAll(async () => {
    db = await createTestDatabase({ kind });
    app = createTestApp(db.sql, testConfig({ TRUSTED_PROXIES: "127.0.0.1" })).listen({
      port: 0,
      hostname: "127.0.0.1",
    });
    url = `http://127.0.0.1:${app.server?.port}/api/contact`;
  });
  afterAll(async () => {
    await app.stop(true);
    await db.drop();
  });

  async function send(fields: Record<string, string>): Promise<{ status: number; body: unknown }> {
    visitor++;
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `198.51.${100 + Math.floor(visitor / 250)}.${visitor % 250}`,
      },
      body: JSON.stringify({
        name: "Petra Sommer",
        email: uniqueEmail("text"),
        company: "Sommer Bäckerei",
        message: "Wir brauchen einen Online-Shop.",
        ...fields,
      }),
    });
    return { status: response.status, body: await response.json() };
  }

  async function stored(email: string): Promise<StoredRequest[]> {
    return [
      ...(await db.sql<StoredRequest[]>`
        select name, email, company, message from contact_requests where email = ${email}`),
    ];
  }

  async function mailsTo(email: string): Promise<{ subject: string }[]> {
    return [...(await db.sql<{ subject: string }[]>`select subject from outbox where reply_to_address = ${email}`)];
  }

  const oneLineRefusals = named(controls.concat(directionControls, lineBreaks));

  test.each(oneLineRefusals)(
    "a name with %s inside is a German 422, nothing stored or mailed",
    async (_, character) => {
      const email = uniqueEmail("name");
      const answer = await send({ name: `Petra${character}Sommer`, email });
      expect(answer).toEqual({ status: 422, body: { code: "validation", message: messages.name } });
      expect(await stored(email)).toEqual([]);
      expect(await mailsTo(email)).toEqual([]);
    },
  );

  test.each(oneLineRefusals)("a company with %s inside is a German 422", async (_, character) => {
    const email = uniqueEmail("company");
    const answer = await send({ company: `Sommer${character}GmbH`, email });
    expect(answer).toEqual({ status: 422, body: { code: "validation", message: messages.company } });
    expect(await stored(email)).toEqual([]);
  });

  test.each(named(controls.concat(directionControls)))(
    "an address with %s inside is a German 422",
    async (_, character) => {
      const email = uniqueEmail("address");
      const answer = await send({ email: email.replace("@", `${character}@`) });
      expect(answer).toEqual({ status: 422, body: { code: "validation", message: messages.email } });
    },
  );

  test.each(named(controls.concat(directionControls)))(
    "a message with %s inside is a German 422",
    async (_, character) => {
      const email = uniqueEmail("message");
      const answer = await send({ message: `Hallo${character}Welt`, email });
      expect(answer).toEqual({ status: 422, body: { code: "validation", message: messages.message } });
      expect(await stored(email)).toEqual([]);
    },
  );

  test("a message keeps its line breaks (LF, CRLF, U+2028, U+2029) and tabs, stored as sent", async () => {
    const email = uniqueEmail("lines");
    const message = "Hallo,\r\n\r\nwir brauchen:\n\t- einen Shop\u2028- ein Logo\u2029Danke";
    expect(await send({ message, email })).toEqual({ status: 201, body: { status: "received" } });
    expect((await stored(email))[0]?.message).toBe(message);
  });

  test.each(named(outsideTheRanges))(
    "%s (outside the ranges) is accepted in name, company and message",
    async (_, character) => {
      const email = uniqueEmail("outside");
      const answer = await send({
        name: `Petra${character}Sommer`,
        company: `Sommer${character}GmbH`,
        message: `Hallo${character}Welt`,
        email,
      });
      expect(answer.status).toBe(201);
      expect(await stored(email)).toHaveLength(1);
    },
  );

  test("tabs and line breaks at the ends of a one-line field are trimmed, as before, not refused", async () => {
    const email = uniqueEmail("trimmed");
    expect((await send({ name: "\tPetra Sommer\n", company: "\r\nSommer GmbH\t", email: `\t${email}\n` })).status).toBe(
      201,
    );
    expect((await stored(email))[0]).toMatchObject({ name: "Petra Sommer", company: "Sommer GmbH" });
  });

  test("Jürgen.Müller@example.de is accepted and stored as typed; the team mail replies to it", async () => {
    const email = `Jürgen.Müller.${crypto.randomUUID().slice(0, 8)}@example.de`;
    expect(await send({ name: "Jürgen Müller", email })).toEqual({ status: 201, body: { status: "received" } });
    expect((await stored(email))[0]?.email).toBe(email);
    expect(await mailsTo(email)).toEqual([{ subject: "Neue Kontaktanfrage von Jürgen Müller (Sommer Bäckerei)" }]);
  });
});
