import { expect } from "bun:test";
import type { Invoice, OpenRequestsPage, OutboxList, PrivacyCase } from "@klarwerk/kit";
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

/** The address of a mailbox as the outbox shows it: `Name <address>` or the address alone. */
function mailboxAddress(mailbox: string | null): string | null {
  return mailbox === null ? null : (/<([^>]*)>$/.exec(mailbox)?.[1] ?? mailbox);
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
 * invoice to that customer; and another person's request. `app` must be fresh. Ids are read back
 * through the routes too, so the same set-up works on a server in another process (a restore test).
 */
export async function personEverywhere(app: Handler, person: Person = newPerson()) {
  const owner = await signedInOwner(app);
  const staff = await registerAndLogin(app, { name: "Sven Sachbearbeiter" });
  await saveCompany(app);
  for (const message of ["Bitte um ein Angebot für eine Website.", "Haben Sie mein Anliegen erhalten?"]) {
    const sent = await call(app, "/api/contact", {
      json: { name: person.name, email: person.email, company: "Müller Bau", message },
    });
    expect(sent.status).toBe(201);
  }
  const open = await callJson<OpenRequestsPage>(app, "/api/requests?limit=100", { token: owner.token });
  const requests = open.body.requests
    .filter((request) => request.email === person.email)
    .map((request) => request.id)
    .sort((a, b) => a - b);
  const reply = await call(app, `/api/requests/${requests[0]}/reply`, {
    token: staff.token,
    json: { message: "Gern, wir melden uns morgen." },
  });
  expect(reply.status).toBeLessThan(300);
  // The two notices to the team answer to the person; the reply goes to them.
  const outbox = await callJson<OutboxList>(app, "/api/outbox", { token: owner.token });
  const mails = outbox.body.mails
    .filter((mail) => [mail.to, mail.reply_to].some((mailbox) => mailboxAddress(mailbox) === person.email))
    .map((mail) => mail.id)
    .sort((a, b) => a - b);
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
  const afterOther = await callJson<OpenRequestsPage>(app, "/api/requests?limit=100", { token: owner.token });
  const otherRow = afterOther.body.requests.find((request) => request.email === `x${person.email}`);
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
