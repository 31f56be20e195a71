import { type OutboxMailKind, site } from "@klarwerk/kit";

/** A name and address; the name is shown by mail programs. */
export interface Mailbox {
  name: string | null;
  address: string;
}

/** What a mail says, in parts that render to plain text and to HTML alike. */
export type Block =
  | { paragraph: string }
  /** Someone's own words (a visitor's message): quoted, line breaks kept. */
  | { quote: string }
  | { link: { label: string; url: string } };

/** A mail ready for the outbox: rendered once, sent as it is. */
export interface ComposedMail {
  kind: OutboxMailKind;
  to: Mailbox;
  replyTo: Mailbox | null;
  subject: string;
  text: string;
  html: string;
}

/**
 * A header value on one line: a name or subject a visitor typed cannot start a header of its own
 * (nodemailer encodes what is left; this removes the line breaks before it sees them).
 */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t\u2028\u2029]+/g, " ").trim();
}

const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for the HTML part: whatever anybody typed is shown, never interpreted. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

const footerLines = [
  site.legalName,
  `${site.address.street}, ${site.address.postalCode} ${site.address.city}`,
  `Telefon ${site.phone} · ${site.email}`,
  site.website,
];

function textOf(blocks: readonly Block[]): string {
  const parts = blocks.map((block) => {
    if ("paragraph" in block) return block.paragraph;
    if ("quote" in block)
      return block.quote
        .split(/\r?\n/)
        .map((line) => `> ${line}`.trimEnd())
        .join("\n");
    return `${block.link.label}:\n${block.link.url}`;
  });
  return `${parts.join("\n\n")}\n\n-- \n${footerLines.join("\n")}\n`;
}

const paragraphStyle = "margin:0 0 16px;white-space:pre-wrap";

function htmlOf(subject: string, blocks: readonly Block[]): string {
  const parts = blocks.map((block) => {
    if ("paragraph" in block) return `<p style="${paragraphStyle}">${escapeHtml(block.paragraph)}</p>`;
    if ("quote" in block) {
      return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #c8ccd4;color:#3c4250;white-space:pre-wrap">${escapeHtml(block.quote)}</blockquote>`;
    }
    const url = escapeHtml(block.link.url);
    return `<p style="margin:0 0 16px"><a href="${url}" style="color:#1f5fbf">${escapeHtml(block.link.label)}</a><br><span style="color:#6b7280;font-size:13px">${url}</span></p>`;
  });
  const footer = footerLines.map(escapeHtml).join("<br>");
  return [
    '<!doctype html><html lang="de"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1c2230">',
    `<p style="margin:0 0 24px;font-size:18px;font-weight:bold">${escapeHtml(site.name)}</p>`,
    ...parts,
    `<hr style="border:0;border-top:1px solid #e2e5ea;margin:24px 0 12px"><p style="margin:0;color:#6b7280;font-size:12px">${footer}</p>`,
    "</body></html>",
  ].join("\n");
}

/** Renders a mail: the subject on one line, the text and HTML parts from the same blocks. */
export function composeMail(mail: {
  kind: OutboxMailKind;
  to: Mailbox;
  replyTo?: Mailbox | null;
  subject: string;
  blocks: readonly Block[];
}): ComposedMail {
  const clean = (box: Mailbox): Mailbox => ({
    name: box.name === null ? null : oneLine(box.name),
    address: oneLine(box.address),
  });
  const subject = oneLine(mail.subject);
  return {
    kind: mail.kind,
    to: clean(mail.to),
    replyTo: mail.replyTo ? clean(mail.replyTo) : null,
    subject,
    text: textOf(mail.blocks),
    html: htmlOf(subject, mail.blocks),
  };
}
