import type { ClientErrorKind } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";

/**
 * What the shell tells the API about the remotes it loads: a failed load or render,
 * with the release's version, so admins see which release the errors came from; and, while a
 * remote has a canary, each successful load (the base of the error rates). Both carry the page
 * load's ticket from /remotes.json: only reports with one count for a canary. Fire and forget: a
 * report that fails changes nothing for the visitor. The bearer token goes along when signed in
 * (the API keeps only the user id); no other personal data.
 */

function ignoreFailure(report: Promise<unknown>): void {
  report.catch(() => {
    // Nobody to tell: the report was about a failure already.
  });
}

/** `mf_dashboard` → `mf-dashboard`. */
function remoteOf(federationName: string): string {
  return federationName.replace(/^mf_/, "mf-");
}

export function reportClientError(report: {
  remote: string;
  version: string | null;
  ticket: string | null;
  kind: ClientErrorKind;
  error: unknown;
}): void {
  const message =
    report.error instanceof Error ? `${report.error.name}: ${report.error.message}` : String(report.error);
  ignoreFailure(
    callApi("POST /api/client-errors", {
      json: {
        remote: remoteOf(report.remote),
        version: report.version,
        kind: report.kind,
        route: location.pathname.slice(0, 500),
        message: message.slice(0, 2000),
        browser: navigator.userAgent.slice(0, 300),
        ticket: report.ticket,
      },
    }),
  );
}

export function reportLoad(remote: string, version: string, ticket: string | null): void {
  ignoreFailure(callApi("POST /api/client-loads", { json: { remote: remoteOf(remote), version, ticket } }));
}
