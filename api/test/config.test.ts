import { describe, expect, test } from "bun:test";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ConfigError, loadConfig, repoRoot, resolveJwtSecret } from "../src/config.ts";

const goodSecret = "x".repeat(32);

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  test("defaults outside production", () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      host: "0.0.0.0",
      nodeEnv: "development",
      production: false,
      databaseUrl: null,
      dataDir: join(repoRoot, ".data"),
      jwtSecret: null,
      webRoot: repoRoot,
      remotes: {
        marketing: "/remotes/mf-marketing/mf-manifest.json",
        dashboard: "/remotes/mf-dashboard/mf-manifest.json",
        files: "/remotes/mf-files/mf-manifest.json",
        customers: "/remotes/mf-customers/mf-manifest.json",
        invoices: "/remotes/mf-invoices/mf-manifest.json",
      },
      releaseOrigins: [],
      uploadMaxBytes: 1024 ** 3,
      trustedProxies: [],
      ownerEmail: null,
      smtpUrl: null,
      smtpCa: null,
      mailFrom: "kontakt@klarwerk-digital.de",
      contactNotifyTo: "kontakt@klarwerk-digital.de",
      publicUrl: "http://localhost:3000",
      blobStore: { kind: "disk" },
      blobScrubBytesPerSecond: 32 * 1024 * 1024,
      backupTarget: { kind: "disk", dir: join(repoRoot, ".backups") },
      backupSchedule: { kind: "daily", hour: 2, minute: 30 },
      backupBytesPerSecond: 32 * 1024 * 1024,
      invoiceMaxBackdateDays: 5,
      mailSendingsPerHour: 50,
      canaryMinLoads: 50,
      clientReportRetentionDays: 30,
      contactRequestRetentionDays: 30,
      filesTrashDays: 30,
      auditRetentionYears: { books: 10, security: 1, other: 3 },
      auditKey: null,
      backupKey: null,
    });
    expect(repoRoot).toBe(resolve(import.meta.dir, "../.."));
  });

  test("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATABASE_URL: "postgres://app@db:5432/klarwerk",
      DATA_DIR: "/srv/data",
      JWT_SECRET: goodSecret,
      WEB_ROOT: "/srv/web",
      REMOTE_FILES_URL: "https://files.example.com/mf-manifest.json",
      OWNER_EMAIL: " Chefin@Example.COM ",
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe("127.0.0.1");
    expect(config.production).toBe(true);
    expect(config.databaseUrl).toBe("postgres://app@db:5432/klarwerk");
    expect(config.dataDir).toBe("/srv/data");
    expect(config.jwtSecret).toBe(goodSecret);
    expect(config.webRoot).toBe("/srv/web");
    expect(config.remotes.files).toBe("https://files.example.com/mf-manifest.json");
    expect(config.remotes.marketing).toBe("/remotes/mf-marketing/mf-manifest.json");
    expect(config.ownerEmail).toBe("chefin@example.com");
  });

  test("relative directories are resolved against the working directory", () => {
    expect(loadConfig({ DATA_DIR: "some/data" }).dataDir).toBe(resolve("some/data"));
  });

  test.each(["abc", "0", "65536", "-1", "3000.5", "1e3", " 80 x"])("PORT=%p is refused", (port) => {
    expect(problemsOf({ PORT: port })).toEqual([expect.stringContaining("PORT")]);
  });

  test("an empty PORT means the default", () => {
    expect(loadConfig({ PORT: "" }).port).toBe(3000);
  });

  test("production requires JWT_SECRET and OWNER_EMAIL", () => {
    expect(problemsOf({ NODE_ENV: "production" })).toEqual([
      expect.stringContaining("JWT_SECRET is required"),
      expect.stringContaining("OWNER_EMAIL is required"),
    ]);
    expect(problemsOf({ NODE_ENV: "production", OWNER_EMAIL: "chefin@example.com" })).toEqual([
      expect.stringContaining("JWT_SECRET is required"),
    ]);
  });

  test("OWNER_EMAIL must be an e-mail address; unset outside production, the first account is the owner", () => {
    expect(problemsOf({ OWNER_EMAIL: "chefin" })).toEqual(['OWNER_EMAIL must be an e-mail address, got "chefin".']);
    expect(loadConfig({ OWNER_EMAIL: " " }).ownerEmail).toBeNull();
  });

  test("AUDIT_KEY: at least 32 characters; unset, the audit key is derived from the JWT secret", () => {
    expect(loadConfig({ AUDIT_KEY: "k".repeat(32) }).auditKey).toBe("k".repeat(32));
    expect(problemsOf({ AUDIT_KEY: "k".repeat(31) })).toEqual(["AUDIT_KEY must be at least 32 characters long."]);
  });

  test("BACKUP_KEY: at least 32 characters; unset, the backup key is derived from the JWT secret", () => {
    expect(loadConfig({ BACKUP_KEY: "b".repeat(32) }).backupKey).toBe("b".repeat(32));
    expect(loadConfig({}).backupKey).toBeNull();
    expect(problemsOf({ BACKUP_KEY: "b".repeat(31) })).toEqual(["BACKUP_KEY must be at least 32 characters long."]);
  });

  test("AUDIT_RETENTION_*_YEARS: books 10 to 30 (default 10), security and other 1 to 30 (defaults 1 and 3)", () => {
    expect(loadConfig({}).auditRetentionYears).toEqual({ books: 10, security: 1, other: 3 });
    expect(
      loadConfig({
        AUDIT_RETENTION_BOOKS_YEARS: "30",
        AUDIT_RETENTION_SECURITY_YEARS: "1",
        AUDIT_RETENTION_OTHER_YEARS: "5",
      }).auditRetentionYears,
    ).toEqual({ books: 30, security: 1, other: 5 });
    expect(problemsOf({ AUDIT_RETENTION_BOOKS_YEARS: "9" })).toEqual([
      'AUDIT_RETENTION_BOOKS_YEARS must be a whole number of years from 10 to 30, got "9".',
    ]);
    for (const bad of ["0", "31", "1.5", "zwei"]) {
      expect(problemsOf({ AUDIT_RETENTION_OTHER_YEARS: bad })).toEqual([
        `AUDIT_RETENTION_OTHER_YEARS must be a whole number of years from 1 to 30, got "${bad}".`,
      ]);
    }
  });

  test("CLIENT_REPORT_RETENTION_DAYS: whole days from 1 to the privacy notice's 30, default 30", () => {
    expect(loadConfig({}).clientReportRetentionDays).toBe(30);
    expect(loadConfig({ CLIENT_REPORT_RETENTION_DAYS: "1" }).clientReportRetentionDays).toBe(1);
    expect(loadConfig({ CLIENT_REPORT_RETENTION_DAYS: " 30 " }).clientReportRetentionDays).toBe(30);
    for (const bad of ["0", "31", "2.5", "drei"]) {
      expect(problemsOf({ CLIENT_REPORT_RETENTION_DAYS: bad })).toEqual([
        `CLIENT_REPORT_RETENTION_DAYS must be a whole number of days from 1 to 30 (the privacy notice's), got "${bad}".`,
      ]);
    }
  });

  test("CONTACT_REQUEST_RETENTION_DAYS: whole days from 1 to the privacy notice's 30, default 30", () => {
    expect(loadConfig({ CONTACT_REQUEST_RETENTION_DAYS: "1" }).contactRequestRetentionDays).toBe(1);
    expect(loadConfig({ CONTACT_REQUEST_RETENTION_DAYS: " 30 " }).contactRequestRetentionDays).toBe(30);
    for (const bad of ["0", "31", "180", "2.5", "-1", "drei"]) {
      expect(problemsOf({ CONTACT_REQUEST_RETENTION_DAYS: bad })).toEqual([
        `CONTACT_REQUEST_RETENTION_DAYS must be a whole number of days from 1 to 30 (the privacy notice's), got "${bad}".`,
      ]);
    }
  });

  test("FILES_TRASH_DAYS: whole days from 1 to 365, default 30", () => {
    expect(loadConfig({}).filesTrashDays).toBe(30);
    expect(loadConfig({ FILES_TRASH_DAYS: "1" }).filesTrashDays).toBe(1);
    expect(loadConfig({ FILES_TRASH_DAYS: " 365 " }).filesTrashDays).toBe(365);
    for (const bad of ["0", "366", "2.5", "-1", "dreißig"]) {
      expect(problemsOf({ FILES_TRASH_DAYS: bad })).toEqual([
        `FILES_TRASH_DAYS must be a whole number of days from 1 to 365, got "${bad}".`,
      ]);
    }
  });

  test("INVOICE_MAX_BACKDATE_DAYS: whole days from 0 to 30, default 5", () => {
    expect(loadConfig({ INVOICE_MAX_BACKDATE_DAYS: "0" }).invoiceMaxBackdateDays).toBe(0);
    expect(loadConfig({ INVOICE_MAX_BACKDATE_DAYS: " 30 " }).invoiceMaxBackdateDays).toBe(30);
    for (const bad of ["31", "-1", "2.5", "drei"]) {
      expect(problemsOf({ INVOICE_MAX_BACKDATE_DAYS: bad })).toEqual([
        `INVOICE_MAX_BACKDATE_DAYS must be a whole number of days from 0 to 30, got "${bad}".`,
      ]);
    }
  });

  test("mail settings: SMTP_URL smtp:// or smtps:// (never echoed), addresses, PUBLIC_URL", () => {
    const config = loadConfig({
      PORT: "8080",
      SMTP_URL: "smtps://mailer:geheim@mail.example.com:465",
      MAIL_FROM: "portal@example.com",
      CONTACT_NOTIFY_TO: "team@example.com",
      PUBLIC_URL: "https://www.example.com/",
    });
    expect(config).toMatchObject({
      smtpUrl: "smtps://mailer:geheim@mail.example.com:465",
      mailFrom: "portal@example.com",
      contactNotifyTo: "team@example.com",
      publicUrl: "https://www.example.com",
    });
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    const problems = problemsOf({
      SMTP_URL: "http://mailer:geheim@mail.example.com",
      MAIL_FROM: "portal",
      CONTACT_NOTIFY_TO: "team",
      PUBLIC_URL: "ftp://example.com",
    });
    expect(problems).toEqual([
      "SMTP_URL must be a URL starting with smtp:// (STARTTLS) or smtps:// (TLS).",
      'MAIL_FROM must be an e-mail address, got "portal".',
      'CONTACT_NOTIFY_TO must be an e-mail address, got "team".',
      expect.stringContaining("PUBLIC_URL"),
    ]);
    expect(problems.join("\n")).not.toContain("geheim");
  });

  test("a short JWT_SECRET is refused everywhere", () => {
    expect(problemsOf({ JWT_SECRET: "short" })).toEqual([expect.stringContaining("at least 32")]);
  });

  test.each(["localhost:5432", "mysql://db/x", "not a url"])("DATABASE_URL=%p is refused", (url) => {
    expect(problemsOf({ DATABASE_URL: url })).toEqual([expect.stringContaining("DATABASE_URL")]);
  });

  test("remote URLs must be http(s) or same-origin paths", () => {
    expect(problemsOf({ REMOTE_INVOICES_URL: "ftp://x/mf-manifest.json" })).toEqual([
      expect.stringContaining("REMOTE_INVOICES_URL"),
    ]);
    expect(loadConfig({ REMOTE_INVOICES_URL: "/cdn/mf-invoices/mf-manifest.json" }).remotes.invoices).toBe(
      "/cdn/mf-invoices/mf-manifest.json",
    );
  });

  test("RELEASE_ORIGINS lists the https origins external releases may come from; anything else is refused", () => {
    expect(loadConfig({}).releaseOrigins).toEqual([]);
    expect(
      loadConfig({ RELEASE_ORIGINS: " https://CDN.example.com , https://static.example.net:8443/,," }).releaseOrigins,
    ).toEqual(["https://cdn.example.com", "https://static.example.net:8443"]);
    for (const value of [
      "http://cdn.example.com",
      "https://cdn.example.com/team",
      "https://user:pw@cdn.example.com",
      "https://cdn.example.com?x=1",
      "cdn.example.com",
      "*",
    ]) {
      expect(problemsOf({ RELEASE_ORIGINS: value })).toEqual([expect.stringContaining("RELEASE_ORIGINS")]);
    }
  });

  test("BLOB_SCRUB_MIB_PER_SECOND sets the scrub's read rate; anything but a positive number is refused", () => {
    expect(loadConfig({ BLOB_SCRUB_MIB_PER_SECOND: "8" }).blobScrubBytesPerSecond).toBe(8 * 1024 * 1024);
    expect(loadConfig({ BLOB_SCRUB_MIB_PER_SECOND: "0.5" }).blobScrubBytesPerSecond).toBe(512 * 1024);
    expect(loadConfig({ BACKUP_MIB_PER_SECOND: "4" }).backupBytesPerSecond).toBe(4 * 1024 * 1024);
    for (const value of ["0", "-1", "fast", "1e3"]) {
      expect(problemsOf({ BLOB_SCRUB_MIB_PER_SECOND: value })).toEqual([
        expect.stringContaining("BLOB_SCRUB_MIB_PER_SECOND"),
      ]);
    }
  });

  test("BACKUP_SCHEDULE, BACKUP_DIR and the BACKUP_S3_* bucket", () => {
    expect(loadConfig({ BACKUP_SCHEDULE: "hourly 5" }).backupSchedule).toEqual({ kind: "hourly", minute: 5 });
    expect(problemsOf({ BACKUP_SCHEDULE: "weekly" })).toEqual([expect.stringContaining("BACKUP_SCHEDULE")]);
    expect(loadConfig({ BACKUP_DIR: "/srv/backups" }).backupTarget).toEqual({ kind: "disk", dir: "/srv/backups" });
    expect(problemsOf({ BACKUP_S3_BUCKET: "sets" })).toEqual([
      "BACKUP_S3_ENDPOINT is required with BACKUP_S3_BUCKET.",
      "BACKUP_S3_ACCESS_KEY_ID is required with BACKUP_S3_BUCKET.",
      "BACKUP_S3_SECRET_ACCESS_KEY is required with BACKUP_S3_BUCKET.",
    ]);
    expect(problemsOf({ BACKUP_MIB_PER_SECOND: "0" })).toEqual([expect.stringContaining("BACKUP_MIB_PER_SECOND")]);
  });

  test("UPLOAD_MAX_BYTES sets the upload limit in bytes", () => {
    expect(loadConfig({ UPLOAD_MAX_BYTES: "1048576" }).uploadMaxBytes).toBe(1048576);
    expect(loadConfig({ UPLOAD_MAX_BYTES: " " }).uploadMaxBytes).toBe(1024 ** 3);
  });

  test.each(["0", "-5", "1.5", "1GB", "abc", "99999999999999999999"])("UPLOAD_MAX_BYTES=%p is refused", (value) => {
    expect(problemsOf({ UPLOAD_MAX_BYTES: value })).toEqual([expect.stringContaining("UPLOAD_MAX_BYTES")]);
  });

  test("TRUSTED_PROXIES lists the reverse proxies' addresses and CIDR ranges, IPv4 and IPv6", () => {
    expect(
      loadConfig({ TRUSTED_PROXIES: " 10.0.0.2, ::1,::ffff:172.18.0.1, 172.30.23.0/24, fd00::/8 " }).trustedProxies,
    ).toEqual([
      { family: 4, network: 0x0a000002n, prefix: 32 },
      { family: 6, network: 1n, prefix: 128 },
      { family: 4, network: 0xac120001n, prefix: 32 },
      { family: 4, network: 0xac1e1700n, prefix: 24 },
      { family: 6, network: 0xfdn << 120n, prefix: 8 },
    ]);
    expect(problemsOf({ TRUSTED_PROXIES: "10.0.0.2, proxy.local, 10.0.0.0/33, 10.0.0.0/8" })).toEqual([
      'TRUSTED_PROXIES must list IP addresses or CIDR ranges (10.0.0.0/8, fd00::/8) separated by commas, got "proxy.local, 10.0.0.0/33".',
    ]);
  });

  test("every problem is reported at once", () => {
    const problems = problemsOf({ PORT: "x", NODE_ENV: "production", REMOTE_DASHBOARD_URL: "nope" });
    expect(problems).toHaveLength(4);
    const error = new ConfigError(problems);
    expect(error.message).toContain("PORT");
    expect(error.message).toContain("JWT_SECRET");
    expect(error.message).toContain("REMOTE_DASHBOARD_URL");
    expect(error.message).toContain("OWNER_EMAIL");
  });
});

describe("resolveJwtSecret", () => {
  test("uses JWT_SECRET when set", async () => {
    const config = loadConfig({ JWT_SECRET: goodSecret, DATA_DIR: "/nonexistent/never-written" });
    expect((await resolveJwtSecret(config)).jwtSecret).toBe(goodSecret);
  });

  test("outside production generates a secret once and keeps it in DATA_DIR", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "klarwerk-config-"));
    try {
      const config = loadConfig({ DATA_DIR: join(dataDir, "nested") });
      const first = await resolveJwtSecret(config);
      const second = await resolveJwtSecret(config);
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(second.jwtSecret).toBe(first.jwtSecret);
      const file = join(dataDir, "nested", "jwt-secret");
      expect((await readFile(file, "utf8")).trim()).toBe(first.jwtSecret);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("start with a bad environment", () => {
  test("prints the problem and exits with 1 before touching the database", async () => {
    const child = Bun.spawn(["bun", join(import.meta.dir, "../src/main.ts")], {
      env: { PATH: process.env.PATH ?? "", PORT: "not-a-port", DATA_DIR: "/nonexistent/never-written" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()]);
    expect(code).toBe(1);
    expect(stderr).toContain('PORT must be a whole number from 1 to 65535, got "not-a-port".');
  });
});
