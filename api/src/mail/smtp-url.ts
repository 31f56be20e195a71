/** Where and how mail is handed over, read from `SMTP_URL`. */
export interface SmtpEndpoint {
  host: string;
  /** Undefined: nodemailer's default for the protocol (587 for smtp://, 465 for smtps://). */
  port: number | undefined;
  /** `smtps://`: TLS from the first byte. */
  secure: boolean;
  /** `smtp://`: STARTTLS before anything else, unless `?tls=off` names a relay on this machine. */
  requireTls: boolean;
  auth: { user: string; pass: string } | undefined;
}

/** The only hosts mail may reach in clear text: a relay on this machine, which nothing on the wire sits between. */
const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The endpoint `url` names, or the problem with it (naming SMTP_URL, never echoing it: it
 * carries the password). Only the switch `?tls=off` is read, and only for a relay on localhost:
 * everything else in the query is refused rather than handed to nodemailer, whose URL options
 * (`ignoreTLS`, `requireTLS=false`) would turn encryption off behind this check's back.
 */
export function parseSmtpUrl(url: string): SmtpEndpoint | { problem: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { problem: "SMTP_URL must be a URL starting with smtp:// (STARTTLS) or smtps:// (TLS)." };
  }
  const secure = parsed.protocol === "smtps:";
  if (parsed.protocol !== "smtp:" && !secure) {
    return { problem: "SMTP_URL must be a URL starting with smtp:// (STARTTLS) or smtps:// (TLS)." };
  }
  if (parsed.hostname === "") return { problem: "SMTP_URL must name the mail server's host." };
  const switches = [...parsed.searchParams.entries()];
  const plain = switches.length === 1 && switches[0]?.[0] === "tls" && switches[0][1] === "off";
  if (switches.length > 0 && (!plain || secure)) {
    return {
      problem:
        "SMTP_URL takes no query parameters but ?tls=off, and that only with smtp:// (sending in clear text to a relay on localhost).",
    };
  }
  const host = parsed.hostname.toLowerCase();
  if (plain && !loopbackHosts.has(host)) {
    return {
      problem:
        "SMTP_URL with ?tls=off must name a relay on this machine (localhost, 127.0.0.1 or [::1]): mail and password would cross the network in clear text.",
    };
  }
  let user: string;
  let pass: string;
  try {
    user = decodeURIComponent(parsed.username);
    pass = decodeURIComponent(parsed.password);
  } catch {
    return { problem: "SMTP_URL's user name or password is not validly percent-encoded (e.g. @ as %40)." };
  }
  return {
    host: host.startsWith("[") ? host.slice(1, -1) : host,
    port: parsed.port === "" ? undefined : Number(parsed.port),
    secure,
    requireTls: !secure && !plain,
    auth: user === "" ? undefined : { user, pass },
  };
}
