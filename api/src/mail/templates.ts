import { formatDateTime, site } from "@klarwerk/kit";
import { type ComposedMail, composeMail, type Mailbox } from "./compose.ts";

// Every mail the product sends, in German: what it says lives here once.

/** How long a reset link is valid; the mail and the token store read it from here. */
export const passwordResetMinutes = 30;

/** The path of the page that sets a new password; the link carries `?token=`. */
export const passwordResetPath = "/passwort-zuruecksetzen";

/** A new contact request → the team inbox; answering the mail writes to the visitor. */
export function contactRequestMail(
  request: { name: string; email: string; company: string | null; message: string },
  { to, publicUrl }: { to: string; publicUrl: string },
): ComposedMail {
  const sender = request.company ? `${request.name} (${request.company})` : request.name;
  return composeMail({
    kind: "contact-request",
    to: { name: site.name, address: to },
    replyTo: { name: request.name, address: request.email },
    subject: `Neue Kontaktanfrage von ${sender}`,
    blocks: [
      { paragraph: "Über das Kontaktformular der Website ist eine neue Anfrage eingegangen." },
      {
        paragraph: [
          `Name: ${request.name}`,
          `E-Mail: ${request.email}`,
          ...(request.company ? [`Unternehmen: ${request.company}`] : []),
        ].join("\n"),
      },
      { quote: request.message },
      { link: { label: "Im Dashboard ansehen und als erledigt markieren", url: `${publicUrl}/dashboard` } },
      { paragraph: `Wer auf diese E-Mail antwortet, schreibt direkt an ${request.name}.` },
    ],
  });
}

/** A pending registration → one admin. */
export function accessRequestMail(
  applicant: { name: string; email: string },
  admin: Mailbox,
  { publicUrl }: { publicUrl: string },
): ComposedMail {
  return composeMail({
    kind: "access-request",
    to: admin,
    subject: `Neue Zugangsanfrage von ${applicant.name}`,
    blocks: [
      { paragraph: `${applicant.name} (${applicant.email}) hat einen Zugang zum Portal von ${site.name} beantragt.` },
      { paragraph: "Bitte geben Sie das Konto frei oder lehnen Sie die Anfrage ab." },
      { link: { label: "Zur Benutzerverwaltung", url: `${publicUrl}/users` } },
    ],
  });
}

/** A pending account approved → its holder. */
export function accessGrantedMail(account: Mailbox & { name: string }, { publicUrl }: { publicUrl: string }) {
  return composeMail({
    kind: "access-granted",
    to: account,
    subject: `Ihr Zugang zum Portal von ${site.name} ist freigeschaltet`,
    blocks: [
      { paragraph: `Hallo ${account.name},` },
      { paragraph: `Ihr Konto im Portal von ${site.name} wurde freigegeben. Sie können sich jetzt anmelden.` },
      { link: { label: "Zur Anmeldung", url: `${publicUrl}/login` } },
    ],
  });
}

/**
 * The per-account sign-in limit was reached (someone keeps guessing an account's password) → one
 * admin; at most once per account a day. `account` is the active account as stored, never the
 * address as typed. Browsers that signed in to the account before can still
 * sign in; others wait for the window to end.
 */
export function loginAttackMail(
  account: { name: string; email: string },
  admin: Mailbox,
  { publicUrl, windowMinutes, failures }: { publicUrl: string; windowMinutes: number; failures: number },
): ComposedMail {
  return composeMail({
    kind: "login-attack",
    to: admin,
    subject: "Wiederholte fehlgeschlagene Anmeldungen im Portal",
    blocks: [
      {
        paragraph: `Für das Konto ${account.name} (${account.email}) im Portal von ${site.name} wurde innerhalb von ${windowMinutes} Minuten ${failures}-mal ein falsches Passwort eingegeben.`,
      },
      {
        paragraph:
          "Weitere Anmeldeversuche für dieses Konto werden vorerst abgelehnt, außer von Browsern, mit denen sich die Kontoinhaberin oder der Kontoinhaber schon einmal angemeldet hat.",
      },
      {
        paragraph:
          "Wenn das nicht die Person selbst war, versucht vermutlich jemand, das Passwort zu erraten. Bitten Sie sie, ein starkes Passwort zu verwenden, oder sperren Sie das Konto vorübergehend. Diese Nachricht kommt höchstens einmal am Tag je Konto.",
      },
      { link: { label: "Zur Benutzerverwaltung", url: `${publicUrl}/users` } },
    ],
  });
}

/**
 * What the outbox keeps of a reset mail in place of its link: the link is made when the mail is
 * sent and exists only in the mail delivered, so nobody who reads the outbox can use it.
 */
export const resetLinkWithheld =
  "Neues Passwort festlegen: Der Link wird erst beim Versand erzeugt und steht nur in der zugestellten E-Mail.";

/**
 * "Passwort vergessen?" → the account holder, with a link valid for half an hour, once. `link`
 * null: the mail as the outbox keeps it, without one (the delivery worker renders it again with
 * a fresh link at sending).
 */
export function passwordResetMail(account: Mailbox & { name: string }, link: string | null): ComposedMail {
  return composeMail({
    kind: "password-reset",
    to: account,
    subject: "Ihr neues Passwort für das Portal",
    blocks: [
      { paragraph: `Hallo ${account.name},` },
      { paragraph: `für Ihr Konto im Portal von ${site.name} wurde ein neues Passwort angefordert.` },
      link === null ? { paragraph: resetLinkWithheld } : { link: { label: "Neues Passwort festlegen", url: link } },
      {
        paragraph: `Der Link ist ${passwordResetMinutes} Minuten gültig und kann einmal verwendet werden. Danach werden alle Anmeldungen Ihres Kontos beendet.`,
      },
      {
        paragraph:
          "Wenn Sie kein neues Passwort angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.",
      },
    ],
  });
}

/** "Antworten" in the dashboard → the visitor; answering the mail reaches the team inbox. */
export function replyMail(
  request: { name: string; email: string; message: string; created_at: Date },
  reply: { message: string; senderName: string },
  { teamInbox }: { teamInbox: string },
): ComposedMail {
  return composeMail({
    kind: "reply",
    to: { name: request.name, address: request.email },
    replyTo: { name: site.name, address: teamInbox },
    subject: `Ihre Anfrage bei ${site.name}`,
    blocks: [
      { paragraph: `Guten Tag ${request.name},` },
      { paragraph: reply.message },
      { paragraph: `Viele Grüße\n${reply.senderName}\n${site.name}` },
      { paragraph: `Ihre Nachricht vom ${formatDateTime(request.created_at)}:` },
      { quote: request.message },
    ],
  });
}

/** A backup or restore drill failed → every admin, with what went wrong. */
export function backupFailedMail(
  admin: Mailbox,
  failure: { kind: "backup" | "drill"; startedAt: Date; error: string },
  { publicUrl }: { publicUrl: string },
): ComposedMail {
  const what = failure.kind === "backup" ? "Die Sicherung" : "Die Wiederherstellungsprobe";
  return composeMail({
    kind: "backup-failed",
    to: admin,
    subject: `${what} vom ${formatDateTime(failure.startedAt)} ist fehlgeschlagen`,
    blocks: [
      {
        paragraph: `${what} des Portals von ${site.name}, begonnen am ${formatDateTime(failure.startedAt)}, ist fehlgeschlagen:`,
      },
      { quote: failure.error },
      {
        paragraph:
          failure.kind === "backup"
            ? "Bis zur nächsten gelungenen Sicherung ist die letzte gelungene der Stand, der sich wiederherstellen lässt."
            : "Ob sich die letzte Sicherung wiederherstellen lässt, ist damit nicht belegt.",
      },
      { link: { label: "Zum Betrieb im Dashboard", url: `${publicUrl}/dashboard` } },
    ],
  });
}

/** A canary was stopped for its errors → every admin, with the rates and what visitors get now. */
export function canaryStoppedMail(
  admin: Mailbox,
  stop: { remote: string; canaryVersion: string; activeVersion: string; reason: string },
  { publicUrl }: { publicUrl: string },
): ComposedMail {
  return composeMail({
    kind: "canary-stopped",
    to: admin,
    subject: `Canary ${stop.canaryVersion} von ${stop.remote} wurde automatisch gestoppt`,
    blocks: [
      {
        paragraph: `Der Canary ${stop.canaryVersion} des Bereichs ${stop.remote} meldete deutlich mehr Fehler als das aktive Release ${stop.activeVersion} und wurde gestoppt (Anteil 0 %).`,
      },
      { quote: stop.reason },
      {
        paragraph: `Alle Besucherinnen und Besucher erhalten ab dem nächsten Seitenaufruf wieder ${stop.activeVersion}.`,
      },
      { link: { label: "Zur Auslieferung im Dashboard", url: `${publicUrl}/releases` } },
    ],
  });
}

/**
 * A client opened a share link for the first time → the account that made it, when it asked
 * for this (decision 0096). Only what the sharer's „Meine Freigaben“ shows too: what was shared,
 * when, and the browser family, never the client's network.
 */
export function shareLinkOpenedMail(
  opening: {
    sharer: Mailbox & { name: string };
    targetKind: "file" | "folder";
    targetName: string;
    label: string;
    openedAt: Date;
    client: string;
  },
  { publicUrl }: { publicUrl: string },
): ComposedMail {
  const what = `${opening.targetKind === "file" ? "die Datei" : "den Ordner"} „${opening.targetName}“`;
  const label = opening.label === "" ? "" : ` („${opening.label}“)`;
  return composeMail({
    kind: "share-link-opened",
    to: opening.sharer,
    subject: `Ihr Freigabelink für „${opening.targetName}“ wurde geöffnet`,
    blocks: [
      { paragraph: `Hallo ${opening.sharer.name},` },
      {
        paragraph: `Ihr Link für ${what}${label} wurde am ${formatDateTime(opening.openedAt)} Uhr zum ersten Mal geöffnet (Browser: ${opening.client}).`,
      },
      { paragraph: "Alle weiteren Zugriffe sehen Sie unter „Meine Freigaben“ im Dateibereich." },
      { link: { label: "Zu „Meine Freigaben“", url: `${publicUrl}/data` } },
    ],
  });
}
