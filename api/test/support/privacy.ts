import { expect } from "bun:test";
import type { Invoice, PrivacyCase } from "@klarwerk/kit";
import type { Sql } from "../../src/db/open.ts";
import { call, callJson, type Handler } from "./http.ts";
import { createInvoice, invoiceJson, saveCompany } from "./invoices.ts";
import { registerAndLogin, type SignedInUser, signedInOwner } from "./users.ts";

/** The person a privacy test looks for: typed in lower case on the form, in capitals elsewhere. */
export interface Person {
  name: string;
  email: string;
}

/** A new person with umlauts in the address, unique per call. */
export function newPerson(): Person {
  return { name: "Jürgen Müller", email: `jürgen.müller-${crypto.randomUUID().slice(0, 6)}@beispiel.de` };
}

/** Where the person is, and who looks: the owner (an admin) and a staff member. */
export interface PersonEverywhere {
  owner: SignedInUser;
  staff: SignedInUser;
  person: Person;
  /** Their two contact requests, oldest first. */
  requests: number[];
  /** The mails about them: two notices to the team and the reply to the person. */
  mails: number[];
  customer: number;
  /** Issued today, to the customer. */
  invoice: Invoice;
  /** Someone else whose address ends like the person's: never a hit. */
  otherRequest: number;
}

/**
 * The person present everywhere, over the app's real routes: two contact requests (the first
 * answered by staff), the mails about them, a customer with their address in capitals, an issued
 * invoice to that customer; and another person's request. `app` and `db` must be fresh.
 */
export async function personEverywhere(app: Handler, db: { sql: Sql }, person: Person = newPerson()) {
  const owner = await signedInOwner(app);
  const staff = await registerAndLogin(app, { name: "Sven Sachbearbeiter" });
  await saveCompany(app);
  for (const message of ["Bitte um ein Angebot für eine Website.", "Haben Sie mein Anliegen erhalten?"]) {
    const sent = await call(app, "/api/contact", {
      json: { name: person.name, email: person.email, company: "Müller Bau", message },
    });
    expect(sent.status).toBe(201);
  }
  const requests = (
    await db.sql<{ id: number }[]>`select id from contact_requests where email = ${person.email} order by id`
  ).map((row) => row.id);
  const reply = await call(app, `/api/requests/${requests[0]}/reply`, {
    token: staff.token,
    json: { message: "Gern, wir melden uns morgen." },
  });
  expect(reply.status).toBeLessThan(300);
  const mails = (
    await db.sql<{ id: number }[]>`
      select id from outbox where contact_request_id = any(${requests}::bigint[]) order by id`
  ).map((row) => row.id);
  expect(mails.length).toBe(3);
  const customer = await callJson<{ customer: { id: number } }>(app, "/api/customers", {
    token: staff.token,
    json: { name: "Müller Bau", email: person.email.toUpperCase(), phone: "030 123456", notes: "Ruft gern abends an." },
  });
  expect(customer.status).toBe(201);
  const invoice = await createInvoice(
    app,
    staff.token,
    invoiceJson({
      issue: true,
      customerId: customer.body.customer.id,
      recipient: "Müller Bau\nJürgen Müller\nBahnhofstraße 1\n10115 Berlin",
    }),
  );
  const other = await call(app, "/api/contact", {
    json: { name: "Anna", email: `x${person.email}`, message: "Eine andere Person." },
  });
  expect(other.status).toBe(201);
  const [otherRow] = await db.sql<
    { id: number }[]
  >`select id from contact_requests where email = ${`x${person.email}`}`;
  return {
    owner,
    staff,
    person,
    requests,
    mails,
    customer: customer.body.customer.id,
    invoice,
    otherRequest: otherRow?.id ?? 0,
  } satisfies PersonEverywhere;
}

/** An admin records the person's request; 201 expected. */
export async function openPrivacyCase(
  app: Handler,
  owner: SignedInUser,
  json: Record<string, unknown>,
): Promise<PrivacyCase> {
  const answer = await callJson<{ case: PrivacyCase }>(app, "/api/privacy/cases", { token: owner.token, json });
  expect(answer.status).toBe(201);
  return answer.body.case;
}
