import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";
import {
  type AuditRetentionClass,
  auditRetentionClasses,
  auditRetentionDefaultYears,
  clientReportRetentionDays,
  contactRetentionDays,
  defaultInvoiceMaxBackdateDays,
  isEmail,
  mailLimits,
  type RemoteName,
  remoteBase,
  remoteNames,
  site,
} from "@klarwerk/kit";
import { type BackupSchedule, parseBackupSchedule } from "./backup/schedule.ts";
import { type AddressRange, parseAddressRange } from "./http/address-range.ts";
import { parseSmtpUrl } from "./mail/smtp-url.ts";
import { bucketProblem, type S3Settings } from "./storage/s3-blob-store.ts";

/** The repository root: built front-ends live under it, and so does `.data` by default. */
export const repoRoot = resolve(import.meta.dir, "../..");

export interface Config {
  port: number;
  host: string;
  nodeEnv: string;
  production: boolean;
  /** A real Postgres server; null: the embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** Absolute. Embedded database, blobs, generated development secret. */
  dataDir: string;
  /** Null outside production when `JWT_SECRET` is unset: see `resolveJwtSecret`. */
  jwtSecret: string | null;
  /** Absolute. The repository root holding `shell/dist` and `mf-<name>/dist`. */
  webRoot: string;
  /** The manifest URL of each remote, as the shell gets it from `/remotes.json`. */
  remotes: Record<RemoteName, string>;
  /**
   * The only origins an external release may come from (`RELEASE_ORIGINS`, https, lower-cased):
   * an admin's list, so that a deploy key can neither widen the pages' Content-Security-Policy
   * nor have the API fetch from anywhere else. Empty: external releases are refused.
   */
  releaseOrigins: readonly string[];
  /** The largest file an upload may carry, in bytes. */
  uploadMaxBytes: number;
  /** Reverse proxies whose X-Forwarded-For is believed (addresses and CIDR ranges); empty: none. */
  trustedProxies: readonly AddressRange[];
  /**
   * The only address that may become the owner (the first admin), trimmed and lower-cased; null:
   * the first account registered in an empty database does. Required in production, so that a
   * stranger cannot be first on a fresh deployment.
   */
  ownerEmail: string | null;
  /**
   * `smtp://` (STARTTLS required) or `smtps://`, credentials in the URL; `smtp://…?tls=off` only to
   * a relay on localhost (mail/smtp-url.ts); null: mails wait in the outbox.
   */
  smtpUrl: string | null;
  /** `SMTP_CA_FILE`'s certificates (PEM): the mail server's certificate must chain to one of them instead of a public CA. */
  smtpCa: string | null;
  /** The sender of every mail. */
  mailFrom: string;
  /** The team inbox new contact requests go to, and replies to visitors answer to. */
  contactNotifyTo: string;
  /** The site's address for links in mails, without a trailing slash. */
  publicUrl: string;
  /** Where uploaded files and invoice PDFs live: `DATA_DIR` (the default) or an S3 bucket. */
  blobStore: BlobStoreConfig;
  /** How fast the scrub and the checksum backfill may read blobs, in bytes a second. */
  blobScrubBytesPerSecond: number;
  /** Where backup sets go: `BACKUP_DIR` (default `.backups/` beside `.data/`) or the `BACKUP_S3_*` bucket. */
  backupTarget: BackupTargetConfig;
  /** When the API backs up (and then runs the restore drill); `off`: never by itself. */
  backupSchedule: BackupSchedule;
  /** How fast a backup reads the blob store, in bytes a second. */
  backupBytesPerSecond: number;
  /** How many days before the day it is issued an invoice may be dated (same year only). */
  invoiceMaxBackdateDays: number;
  /** Documents each user may send by mail per hour (`MAIL_SENDINGS_PER_HOUR`; docs/decisions/0079). */
  mailSendingsPerHour: number;
  /** Distinct networks (IPv4 /24, IPv6 /64) a canary must have counted before its error rate is compared with the active release's. */
  canaryMinLoads: number;
  /** Days browsers' error reports and counted release loads are kept (`CLIENT_REPORT_RETENTION_DAYS`). */
  clientReportRetentionDays: number;
  /** Days after being marked done that a contact request and its mails are deleted (`CONTACT_REQUEST_RETENTION_DAYS`). */
  contactRequestRetentionDays: number;
  /** Days a deletion stays in the file area's Papierkorb before the daily job purges it (`FILES_TRASH_DAYS`). */
  filesTrashDays: number;
  /** How many years the audit trail keeps each class of event (`AUDIT_RETENTION_<CLASS>_YEARS`). */
  auditRetentionYears: Record<AuditRetentionClass, number>;
  /** `AUDIT_KEY`: the audit chain's own key; null: one derived from the JWT secret. */
  auditKey: string | null;
  /** `BACKUP_KEY`: the key backup sets are signed with; null: one derived from the JWT secret. */
  backupKey: string | null;
}

export type BackupTargetConfig = { kind: "disk"; dir: string } | { kind: "s3"; s3: S3Settings };

export type BlobStoreConfig = { kind: "disk" } | { kind: "s3"; s3: S3Settings };

/** A configuration whose JWT secret is known: what the app runs with. */
export type ResolvedConfig = Config & { jwtSecret: string };

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** HS256 keys shorter than the hash output weaken it; 32 bytes is the floor RFC 7518 sets. */
const minSecretLength = 32;

function readPort(value: string | undefined, problems: string[]): number {
  if (value === undefined || value.trim() === "") return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(port) || port < 1 || port > 65535) {
    problems.push(`PORT must be a whole number from 1 to 65535, got "${value}".`);
    return 0;
  }
  return port;
}

/** `https://cdn.example.com, https://static.example.net:8443`: each an origin alone, no path. */
function readReleaseOrigins(value: string | undefined, problems: string[]): string[] {
  const origins: string[] = [];
  for (const entry of (value ?? "").split(",").map((part) => part.trim())) {
    if (entry === "") continue;
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      url = null;
    }
    const bare = url && url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    if (url?.protocol !== "https:" || !bare || !/^https:\/\/[^/?#]+\/?$/i.test(entry)) {
      problems.push(
        `RELEASE_ORIGINS must list https origins without a path, comma-separated (https://cdn.example.com), got "${entry}".`,
      );
      continue;
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

/** 1 GiB: the largest upload when `UPLOAD_MAX_BYTES` is unset. */
export const defaultUploadMaxBytes = 1024 ** 3;

function readUploadMaxBytes(value: string | undefined, problems: string[]): number {
  if (value === undefined || value.trim() === "") return defaultUploadMaxBytes;
  const bytes = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(bytes) || bytes < 1) {
    problems.push(`UPLOAD_MAX_BYTES must be a whole number of bytes (at least 1), got "${value}".`);
    return 0;
  }
  return bytes;
}

/** The scrub's read rate when `BLOB_SCRUB_MIB_PER_SECOND` is unset
 * (docs/decisions/0087-blob-storage-and-the-scrub.md, "Checksums and the scrub"). */
export const defaultBlobScrubMiBPerSecond = 32;

/** A backup's read rate when `BACKUP_MIB_PER_SECOND` is unset: the scrub's. */
export const defaultBackupMiBPerSecond = 32;

/** A read rate setting in MiB a second (`BLOB_SCRUB_MIB_PER_SECOND`, `BACKUP_MIB_PER_SECOND`), in bytes. */
function readMiBPerSecond(name: string, value: string | undefined, fallback: number, problems: string[]): number {
  if (value === undefined || value.trim() === "") return fallback * 1024 * 1024;
  const mebibytes = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !(mebibytes > 0) || mebibytes > 1_000_000) {
    problems.push(`${name} must be a positive number of MiB a second, got "${value}".`);
    return 0;
  }
  return mebibytes * 1024 * 1024;
}

/**
 * A whole-number setting from `min` to `max` (`unit`: "days", said in the message), `fallback`
 * when unset; else the problem, in the same words for every such setting. `why` says where the
 * upper bound comes from (the privacy notice's figure: a longer setting would make it untrue).
 */
function readWholeNumber(
  name: string,
  value: string | undefined,
  { min, max, fallback, unit, why }: { min: number; max: number; fallback: number; unit?: string; why?: string },
  problems: string[],
): number {
  if (value === undefined || value.trim() === "") return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number < min || number > max) {
    const what = unit === undefined ? "a whole number" : `a whole number of ${unit}`;
    problems.push(
      `${name} must be ${what} from ${min} to ${max}${why === undefined ? "" : ` (${why})`}, got "${value}".`,
    );
    return 0;
  }
  return number;
}

/** The longest backdate `INVOICE_MAX_BACKDATE_DAYS` may set: "a short" one (docs/decisions/0013-invoice-issue-rules-and-dates.md). */
export const invoiceMaxBackdateDaysLimit = 30;

/** `FILES_TRASH_DAYS` unset: a deletion stays a month in the Papierkorb (docs/decisions/0098-files-trash.md). */
export const defaultFilesTrashDays = 30;
/** The longest a deletion may stay: it is kept with its blobs, and backups carry it, for that long. */
export const filesTrashDaysLimit = 365;

/** `CANARY_MIN_LOADS` unset: a canary is judged once this many distinct networks counted (among its last 200 visits). */
export const defaultCanaryMinLoads = 50;

/**
 * Years per retention class, 1 to 30. Books may not go below the 10 years § 147 AO asks for
 * invoices and their changes.
 */
function readAuditRetention(env: Env, problems: string[]): Record<AuditRetentionClass, number> {
  const years = { ...auditRetentionDefaultYears };
  for (const kind of auditRetentionClasses) {
    const name = `AUDIT_RETENTION_${kind.toUpperCase()}_YEARS`;
    const value = nonEmpty(env[name]);
    if (value === undefined) continue;
    const min = kind === "books" ? auditRetentionDefaultYears.books : 1;
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < min || parsed > 30) {
      problems.push(`${name} must be a whole number of years from ${min} to 30, got "${value}".`);
      continue;
    }
    years[kind] = parsed;
  }
  return years;
}

function readTrustedProxies(value: string | undefined, problems: string[]): readonly AddressRange[] {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const ranges = entries.map(parseAddressRange);
  const invalid = entries.filter((_, index) => ranges[index] === null);
  if (invalid.length > 0) {
    problems.push(
      `TRUSTED_PROXIES must list IP addresses or CIDR ranges (10.0.0.0/8, fd00::/8) separated by commas, got "${invalid.join(", ")}".`,
    );
  }
  return ranges.filter((range) => range !== null);
}

function readOwnerEmail(value: string | undefined, production: boolean, problems: string[]): string | null {
  const email = nonEmpty(value)?.toLowerCase() ?? null;
  if (email === null) {
    if (production) problems.push("OWNER_EMAIL is required in production (the address of the first admin).");
    return null;
  }
  if (!isEmail(email)) {
    problems.push(`OWNER_EMAIL must be an e-mail address, got "${value}".`);
    return null;
  }
  return email;
}

/** `BLOB_STORE` (`disk` or `s3`) and, for `s3`, the bucket's `S3_*` settings. */
function readBlobStore(env: Env, problems: string[]): BlobStoreConfig {
  const kind = nonEmpty(env.BLOB_STORE)?.toLowerCase() ?? "disk";
  if (kind === "disk") return { kind };
  if (kind !== "s3") {
    problems.push(`BLOB_STORE must be "disk" or "s3", got "${env.BLOB_STORE}".`);
    return { kind: "disk" };
  }
  return { kind, s3: readS3Settings(env, "S3_", "BLOB_STORE=s3", problems) };
}

/** A bucket's settings from `<prefix>ENDPOINT`, `BUCKET`, `REGION`, `ACCESS_KEY_ID`, `SECRET_ACCESS_KEY`. */
function readS3Settings(env: Env, prefix: string, requiredWith: string, problems: string[]): S3Settings {
  const required = (name: string): string => {
    const value = nonEmpty(env[prefix + name]);
    if (value === undefined) problems.push(`${prefix}${name} is required with ${requiredWith}.`);
    return value ?? "";
  };
  const endpoint = required("ENDPOINT");
  if (endpoint !== "") readUrl(`${prefix}ENDPOINT`, endpoint, problems, ["http:", "https:"]);
  return {
    endpoint,
    bucket: required("BUCKET"),
    // Most S3-compatible stores ignore the region; AWS needs the bucket's own.
    region: nonEmpty(env[`${prefix}REGION`]) ?? "us-east-1",
    accessKeyId: required("ACCESS_KEY_ID"),
    secretAccessKey: required("SECRET_ACCESS_KEY"),
  };
}

/** `BACKUP_S3_BUCKET` set: that bucket (every `BACKUP_S3_*` then required); else `BACKUP_DIR`. */
function readBackupTarget(env: Env, problems: string[]): BackupTargetConfig {
  if (nonEmpty(env.BACKUP_S3_BUCKET) !== undefined) {
    return { kind: "s3", s3: readS3Settings(env, "BACKUP_S3_", "BACKUP_S3_BUCKET", problems) };
  }
  return { kind: "disk", dir: readPath(env.BACKUP_DIR, join(repoRoot, ".backups")) };
}

function readUrl(name: string, value: string, problems: string[], protocols: string[]): void {
  try {
    const url = new URL(value);
    if (!protocols.includes(url.protocol)) {
      problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(" or ")}, got "${value}".`);
    }
  } catch {
    problems.push(`${name} is not a valid URL: "${value}".`);
  }
}

function readEmail(name: string, value: string | undefined, fallback: string, problems: string[]): string {
  const email = nonEmpty(value);
  if (email === undefined) return fallback;
  if (!isEmail(email)) problems.push(`${name} must be an e-mail address, got "${value}".`);
  return email;
}

function readSmtpUrl(value: string | undefined, problems: string[]): string | null {
  const url = nonEmpty(value) ?? null;
  if (url === null) return null;
  // Not echoed in the problem: the URL carries the SMTP password.
  const endpoint = parseSmtpUrl(url);
  if ("problem" in endpoint) problems.push(endpoint.problem);
  return url;
}

function readSmtpCa(value: string | undefined, problems: string[]): string | null {
  const path = nonEmpty(value);
  if (path === undefined) return null;
  let pem: string;
  try {
    pem = readFileSync(path, "utf8");
  } catch (error) {
    problems.push(`SMTP_CA_FILE cannot be read: "${path}" (${(error as NodeJS.ErrnoException).code ?? error}).`);
    return null;
  }
  if (!pem.includes("-----BEGIN CERTIFICATE-----")) {
    problems.push(`SMTP_CA_FILE must hold PEM certificates (-----BEGIN CERTIFICATE-----), "${path}" holds none.`);
    return null;
  }
  return pem;
}

function readPublicUrl(value: string | undefined, port: number, problems: string[]): string {
  const url = nonEmpty(value);
  if (url === undefined) return `http://localhost:${port}`;
  readUrl("PUBLIC_URL", url, problems, ["http:", "https:"]);
  return url.replace(/\/+$/, "");
}

function readPath(value: string | undefined, fallback: string): string {
  if (value === undefined || value.trim() === "") return fallback;
  return isAbsolute(value) ? value : resolve(value);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

/**
 * Reads and validates the environment. Pure: no files are touched, nothing is printed; every
 * problem found is reported at once in a ConfigError.
 */
export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const nodeEnv = nonEmpty(env.NODE_ENV) ?? "development";
  const production = nodeEnv === "production";

  const port = readPort(env.PORT, problems);
  const host = nonEmpty(env.HOST) ?? "0.0.0.0";
  const uploadMaxBytes = readUploadMaxBytes(env.UPLOAD_MAX_BYTES, problems);
  const trustedProxies = readTrustedProxies(env.TRUSTED_PROXIES, problems);

  const databaseUrl = nonEmpty(env.DATABASE_URL) ?? null;
  if (databaseUrl) readUrl("DATABASE_URL", databaseUrl, problems, ["postgres:", "postgresql:"]);

  const jwtSecret = nonEmpty(env.JWT_SECRET) ?? null;
  if (jwtSecret === null && production) {
    problems.push("JWT_SECRET is required in production (at least 32 characters).");
  } else if (jwtSecret !== null && jwtSecret.length < minSecretLength) {
    problems.push(`JWT_SECRET must be at least ${minSecretLength} characters long.`);
  }
  const auditKey = nonEmpty(env.AUDIT_KEY) ?? null;
  if (auditKey !== null && auditKey.length < minSecretLength) {
    problems.push(`AUDIT_KEY must be at least ${minSecretLength} characters long.`);
  }
  const backupKey = nonEmpty(env.BACKUP_KEY) ?? null;
  if (backupKey !== null && backupKey.length < minSecretLength) {
    problems.push(`BACKUP_KEY must be at least ${minSecretLength} characters long.`);
  }
  const ownerEmail = readOwnerEmail(env.OWNER_EMAIL, production, problems);
  const blobStore = readBlobStore(env, problems);
  const blobScrubBytesPerSecond = readMiBPerSecond(
    "BLOB_SCRUB_MIB_PER_SECOND",
    env.BLOB_SCRUB_MIB_PER_SECOND,
    defaultBlobScrubMiBPerSecond,
    problems,
  );
  const backupTarget = readBackupTarget(env, problems);
  const backupSchedule = parseBackupSchedule(env.BACKUP_SCHEDULE);
  if (typeof backupSchedule === "string") problems.push(backupSchedule);
  const backupBytesPerSecond = readMiBPerSecond(
    "BACKUP_MIB_PER_SECOND",
    env.BACKUP_MIB_PER_SECOND,
    defaultBackupMiBPerSecond,
    problems,
  );
  const invoiceMaxBackdateDays = readWholeNumber(
    "INVOICE_MAX_BACKDATE_DAYS",
    env.INVOICE_MAX_BACKDATE_DAYS,
    { min: 0, max: invoiceMaxBackdateDaysLimit, fallback: defaultInvoiceMaxBackdateDays, unit: "days" },
    problems,
  );
  const mailSendingsPerHour = readWholeNumber(
    "MAIL_SENDINGS_PER_HOUR",
    env.MAIL_SENDINGS_PER_HOUR,
    { min: 1, max: 10_000, fallback: mailLimits.sendingsPerHourDefault },
    problems,
  );
  const canaryMinLoads = readWholeNumber(
    "CANARY_MIN_LOADS",
    env.CANARY_MIN_LOADS,
    { min: 1, max: 200, fallback: defaultCanaryMinLoads },
    problems,
  );
  // Up to the privacy notice's figures: the notice is built into the marketing pages and states
  // them to every visitor, so a setting may shorten a period but never make it untrue.
  const clientReportDays = readWholeNumber(
    "CLIENT_REPORT_RETENTION_DAYS",
    env.CLIENT_REPORT_RETENTION_DAYS,
    {
      min: 1,
      max: clientReportRetentionDays,
      fallback: clientReportRetentionDays,
      unit: "days",
      why: "the privacy notice's",
    },
    problems,
  );
  const auditRetentionYears = readAuditRetention(env, problems);
  const contactRequestRetentionDays = readWholeNumber(
    "CONTACT_REQUEST_RETENTION_DAYS",
    env.CONTACT_REQUEST_RETENTION_DAYS,
    { min: 1, max: contactRetentionDays, fallback: contactRetentionDays, unit: "days", why: "the privacy notice's" },
    problems,
  );
  const filesTrashDays = readWholeNumber(
    "FILES_TRASH_DAYS",
    env.FILES_TRASH_DAYS,
    { min: 1, max: filesTrashDaysLimit, fallback: defaultFilesTrashDays, unit: "days" },
    problems,
  );

  const smtpUrl = readSmtpUrl(env.SMTP_URL, problems);
  const smtpCa = readSmtpCa(env.SMTP_CA_FILE, problems);
  const mailFrom = readEmail("MAIL_FROM", env.MAIL_FROM, site.email, problems);
  const contactNotifyTo = readEmail("CONTACT_NOTIFY_TO", env.CONTACT_NOTIFY_TO, site.email, problems);
  const publicUrl = readPublicUrl(env.PUBLIC_URL, port, problems);

  const remotes = {} as Record<RemoteName, string>;
  for (const name of remoteNames) {
    const variable = `REMOTE_${name.toUpperCase()}_URL`;
    const value = nonEmpty(env[variable]);
    if (value !== undefined && !value.startsWith("/")) readUrl(variable, value, problems, ["http:", "https:"]);
    remotes[name] = value ?? `${remoteBase(name)}mf-manifest.json`;
  }

  const releaseOrigins = readReleaseOrigins(env.RELEASE_ORIGINS, problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    nodeEnv,
    production,
    databaseUrl,
    dataDir: readPath(env.DATA_DIR, join(repoRoot, ".data")),
    jwtSecret,
    webRoot: readPath(env.WEB_ROOT, repoRoot),
    remotes,
    releaseOrigins,
    uploadMaxBytes,
    trustedProxies,
    ownerEmail,
    smtpUrl,
    smtpCa,
    mailFrom,
    contactNotifyTo,
    publicUrl,
    blobStore,
    blobScrubBytesPerSecond,
    backupTarget,
    backupSchedule: typeof backupSchedule === "string" ? { kind: "off" } : backupSchedule,
    backupBytesPerSecond,
    invoiceMaxBackdateDays,
    mailSendingsPerHour,
    canaryMinLoads,
    clientReportRetentionDays: clientReportDays,
    contactRequestRetentionDays,
    filesTrashDays,
    auditRetentionYears,
    auditKey,
    backupKey,
  };
}

/**
 * The configured bucket must answer (with these credentials) before the API starts: a
 * ConfigError naming the settings otherwise. The local disk needs no check.
 */
export async function checkBlobStore(config: Config, timeoutMs?: number): Promise<void> {
  if (config.blobStore.kind !== "s3") return;
  const { bucket, endpoint } = config.blobStore.s3;
  const problem = await bucketProblem(config.blobStore.s3, timeoutMs);
  if (problem !== null) {
    throw new ConfigError([
      `S3_BUCKET "${bucket}" at S3_ENDPOINT ${endpoint} cannot be reached (check S3_ENDPOINT, S3_BUCKET, S3_REGION and the access key): ${problem}`,
    ]);
  }
}

/**
 * The configured secret, or outside production one generated on first start and kept in
 * `DATA_DIR/jwt-secret`, so tokens survive restarts without anyone having to set it.
 */
export async function resolveJwtSecret(config: Config): Promise<ResolvedConfig> {
  if (config.jwtSecret !== null) return { ...config, jwtSecret: config.jwtSecret };
  const file = join(config.dataDir, "jwt-secret");
  const read = async () => (await readFile(file, "utf8").catch(() => "")).trim();
  let secret = await read();
  if (secret.length < minSecretLength) {
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    try {
      // "wx": when two processes start at once, one writes and the other reads what it wrote.
      await writeFile(file, `${randomBytes(48).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    secret = await read();
    if (secret.length < minSecretLength) {
      throw new Error(`${file} holds an unusable JWT secret: delete it or set JWT_SECRET.`);
    }
  }
  return { ...config, jwtSecret: secret };
}

/** For `main.ts`: the configuration, or a clear message on stderr and exit code 1. */
export async function loadConfigOrExit(env: Env = process.env): Promise<ResolvedConfig> {
  try {
    const config = loadConfig(env);
    await checkBlobStore(config);
    return await resolveJwtSecret(config);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
