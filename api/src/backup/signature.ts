import { createHmac, timingSafeEqual } from "node:crypto";
import type { ResolvedConfig } from "../config.ts";
import { setsPrefix } from "./manifest.ts";
import { restoreMessages, type SignatureRemedy } from "./messages.ts";

/**
 * A set's signature: an HMAC-SHA-256 of its name and its manifest's text as written (the manifest
 * lists every file's size and SHA-256, so it covers the dump and every blob) under the backup key,
 * which is kept outside the backup target: `BACKUP_KEY`, or a key derived from `JWT_SECRET` under
 * a label of its own (as the audit key is, never the secret itself). Whoever can write the target
 * but has not the key cannot make a set that restores without `--unsigned`
 * (docs/decisions/0070-backup-claims-and-signed-sets.md).
 */

export const signatureFormat = 1;

/** `sets/<set>/signature.json`, written before the manifest (a complete set is a signed one). */
export function signatureKey(set: string): string {
  return `${setsPrefix}${set}/signature.json`;
}

export interface BackupKey {
  secret: Uint8Array;
  /** Names the key without revealing it: a set signed under another key is told from an altered one. */
  id: string;
}

export function backupKeyOf(config: Pick<ResolvedConfig, "backupKey" | "jwtSecret">): BackupKey {
  const secret =
    config.backupKey !== null
      ? new TextEncoder().encode(config.backupKey)
      : createHmac("sha256", config.jwtSecret).update("klarwerk backup sets v1").digest();
  const id = createHmac("sha256", secret).update("klarwerk backup key id").digest("hex").slice(0, 16);
  return { secret, id };
}

function macOf(key: BackupKey, set: string, manifestText: string): string {
  return createHmac("sha256", key.secret).update(`klarwerk backup set v1\n${set}\n`).update(manifestText).digest("hex");
}

/** The text of `signature.json` for the set `set` whose manifest reads `manifestText`. */
export function signatureOf(key: BackupKey, set: string, manifestText: string): string {
  const signature = {
    format: signatureFormat,
    algorithm: "HMAC-SHA-256",
    key_id: key.id,
    mac: macOf(key, set, manifestText),
  };
  return `${JSON.stringify(signature, null, 2)}\n`;
}

/**
 * Why the set must not be believed (German, with what to do: `remedy`), or null when its signature
 * is this key's over this name and exactly this manifest text.
 */
export function signatureProblem(
  key: BackupKey,
  set: string,
  manifestText: string,
  signatureText: string | null,
  remedy: SignatureRemedy,
): string | null {
  if (signatureText === null) return restoreMessages.unsigned(set, remedy);
  let value: unknown;
  try {
    value = JSON.parse(signatureText);
  } catch {
    value = null;
  }
  const {
    format,
    key_id: keyId,
    mac,
  } = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  if (format !== signatureFormat || typeof keyId !== "string" || typeof mac !== "string" || !/^[0-9a-f]{64}$/.test(mac))
    return restoreMessages.signatureUnreadable(set, remedy);
  if (keyId !== key.id) return restoreMessages.otherKey(set, remedy);
  const expected = Buffer.from(macOf(key, set, manifestText), "hex");
  return timingSafeEqual(expected, Buffer.from(mac, "hex")) ? null : restoreMessages.signatureMismatch(set, remedy);
}
