import { createHash, randomBytes } from "node:crypto";
import type { Sql } from "../../db/open.ts";
import type { PrepareMail } from "../../mail/delivery.ts";
import { passwordResetMail, passwordResetMinutes, passwordResetPath } from "../../mail/templates.ts";
import { deleteOldResetTokens, deleteResetToken, findActiveAccount, insertResetToken } from "./store.ts";

/** A link's token: 32 random bytes in base64url; anything else was never issued. */
export const resetTokenPattern = /^[\w-]{43}$/;

/** What is stored of a token: its SHA-256, so a read of the table resets nobody's password. */
export function resetTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Why a reset mail cannot go out, kept as its failure for admins. */
export const resetAccountGone = "Das Konto ist nicht mehr aktiv: Es wurde kein Link zum Zurücksetzen erzeugt.";

/**
 * The delivery worker's step for reset mails (docs/decisions/0019-reset-links-only-in-the-mailbox.md): the outbox keeps the mail without its
 * link (`passwordResetMail(…, null)`), and only here, as the mail goes to the SMTP server, is a
 * token made, its hash stored (valid 30 minutes from now) and the mail rendered again with the
 * link. So neither `GET /api/outbox`, nor "Erneut senden", nor a read of the database ever shows
 * a working link: it exists only in the mail the mailbox receives. A failed send deletes the
 * token again; a mail sent again (a retry, or "Erneut senden") gets a fresh one.
 */
export function resetLinksAtSending({
  sql,
  publicUrl,
  now,
}: {
  sql: Sql;
  publicUrl: string;
  now: () => number;
}): PrepareMail {
  return async (mail) => {
    if (mail.resetUserId === null) return { mail, failed: async () => {} };
    const account = await findActiveAccount(sql, mail.resetUserId);
    if (account === null) return { refused: resetAccountGone };
    const token = randomBytes(32).toString("base64url");
    const hash = resetTokenHash(token);
    const createdAt = now();
    await deleteOldResetTokens(sql, createdAt);
    await insertResetToken(sql, {
      hash,
      userId: mail.resetUserId,
      createdAt,
      expiresAt: createdAt + passwordResetMinutes * 60 * 1000,
    });
    const link = `${publicUrl}${passwordResetPath}?token=${token}`;
    const rendered = passwordResetMail({ name: account.name, address: mail.to.address }, link);
    return {
      mail: { ...mail, subject: rendered.subject, text: rendered.text, html: rendered.html },
      failed: () => deleteResetToken(sql, hash),
    };
  };
}
