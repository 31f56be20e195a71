import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { type AddressObject, simpleParser } from "mailparser";

/**
 * The mails the e2e server sent. scripts/test.ts starts a real SMTP server (smtp-server) for the
 * run and gives the server its address as SMTP_URL; the SMTP server keeps every mail it accepted
 * as a .eml file in E2E_MAIL_DIR, which the tests read here, as the people they are for would.
 */
export interface ReceivedMail {
  /** Addresses of the To header, lower case. */
  to: string[];
  from: string;
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The files attached, in order (an invoice's PDF and XRechnung). */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

function setting(name: "E2E_MAIL_DIR" | "E2E_MAIL_FROM" | "E2E_TEAM_INBOX"): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: run the suite with \`bun scripts/test.ts --only e2e\`, which starts the SMTP server the e2e server sends to.`,
    );
  }
  return value;
}

/** The sender of every mail (MAIL_FROM of the e2e server). */
export const mailFrom = () => setting("E2E_MAIL_FROM");
/** The team inbox (CONTACT_NOTIFY_TO of the e2e server). */
export const teamInbox = () => setting("E2E_TEAM_INBOX");

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((mailbox) => (mailbox.address ?? "").toLowerCase()));
}

/** Parsed once per file and test worker: the folder grows with every test that sends mail. */
const parsed = new Map<string, ReceivedMail>();

/** Every mail received so far, oldest first. */
async function receivedMails(): Promise<ReceivedMail[]> {
  const dir = setting("E2E_MAIL_DIR");
  const files = readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .sort();
  for (const file of files) {
    if (parsed.has(file)) continue;
    const mail = await simpleParser(readFileSync(join(dir, file)));
    parsed.set(file, {
      to: addresses(mail.to),
      from: addresses(mail.from)[0] ?? "",
      replyTo: addresses(mail.replyTo),
      subject: mail.subject ?? "",
      text: mail.text ?? "",
      html: typeof mail.html === "string" ? mail.html : "",
      messageId: mail.messageId ?? "",
      attachments: mail.attachments.map((file) => ({
        filename: file.filename ?? "",
        contentType: file.contentType,
        content: file.content,
      })),
    });
  }
  return files.map((file) => parsed.get(file) as ReceivedMail);
}

/**
 * Waits until at least `count` mails to `address` that `matches` arrived; returns them, oldest
 * first. Delivery runs in the background of the server, so a mail comes shortly after its cause.
 */
export async function waitForMails(
  address: string,
  matches: (mail: ReceivedMail) => boolean,
  count = 1,
): Promise<ReceivedMail[]> {
  setting("E2E_MAIL_DIR");
  let found: ReceivedMail[] = [];
  await expect(async () => {
    found = (await receivedMails()).filter((mail) => mail.to.includes(address.toLowerCase()) && matches(mail));
    expect(found.length, `mails to ${address}`).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 20_000 });
  return found;
}

/** The newest mail to `address` that `matches`, waited for. */
export async function waitForMail(
  address: string,
  matches: (mail: ReceivedMail) => boolean = () => true,
): Promise<ReceivedMail> {
  return (await waitForMails(address, matches)).at(-1) as ReceivedMail;
}
