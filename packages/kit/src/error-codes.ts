/**
 * Every `code` an API error answer (`{ code, message }`) can carry: a stable English identifier
 * in kebab-case, `<subject>-<what happened>` (`invoice-already-issued`), or one word for what
 * every route can answer (`validation`, `internal`). The `message` is German and for people; a
 * program (a screen, a script) branches on the code, which never changes once published: a new
 * meaning gets a new code. The API's OpenAPI document lists these as the error schema's enum.
 */
export const apiErrorCodes = [
  // The HTTP layer, on any route.
  "bad-request",
  "invalid-id",
  "invalid-query",
  "unstorable-text",
  "validation",
  "unauthorized",
  "admin-only",
  "not-found",
  "length-required",
  "payload-too-large",
  "unsupported-file-type",
  "rate-limited",
  "internal",
  "database-unavailable",
  // Accounts, sign-in and password reset.
  "wrong-credentials",
  "account-pending",
  "account-disabled",
  "setup-code-invalid",
  "current-password-wrong",
  "reset-link-invalid",
  "reset-link-used",
  "reset-link-expired",
  // User administration.
  "user-not-found",
  "last-admin",
  "own-account",
  // Contact requests.
  "contact-request-not-found",
  "contact-request-already-done",
  "contact-request-taken-over",
  "customer-exists",
  // Customers.
  "customer-not-found",
  "contact-not-found",
  "file-link-not-found",
  // The customer import (decision 0099).
  "customer-import-not-found",
  "customer-import-unreadable",
  "customer-import-too-many-rows",
  "customer-import-too-many-columns",
  "customer-import-state",
  "customer-import-changed",
  "too-many-contacts",
  "too-many-tags",
  // Folders and files.
  "folder-not-found",
  "parent-folder-not-found",
  "folder-name-taken",
  "folder-into-itself",
  "target-folder-not-found",
  "file-not-found",
  "file-missing",
  "file-content-missing",
  // The Papierkorb (decision 0098).
  "trash-entry-not-found",
  "restore-place-taken",
  // Share links.
  "share-link-not-found",
  "share-target-not-found",
  "download-link-invalid",
  "preview-unavailable",
  "range-not-satisfiable",
  "upload-incomplete",
  "disk-full",
  // Invoices.
  "invoice-not-found",
  "invoice-customer-unknown",
  "invoice-already-issued",
  "invoice-not-issued",
  "invoice-cancellation-final",
  "invoice-already-cancelled",
  "invoice-cancelled-not-payable",
  "invoice-date-before-latest",
  "invoice-already-paid",
  // Angebote (quotes).
  "quote-not-found",
  "quote-customer-unknown",
  "quote-already-issued",
  "quote-not-issued",
  "quote-not-open",
  "quote-expired",
  "quote-rejected",
  "quote-already-converted",
  // Documents by mail: an unknown template kind.
  "mail-template-not-found",
  "payment-above-open",
  // Zahlungserinnerung und Mahnungen.
  "reminder-paid",
  "reminder-cancelled",
  "reminder-not-issued",
  "reminder-not-overdue",
  "reminder-last-level",
  "reminder-deadline-running",
  "reminder-level-order",
  "reminder-no-base-rate",
  "reminder-not-found",
  "base-rate-not-found",
  "base-rate-in-use",
  "payment-not-found",
  // The letterhead's logo (docs/decisions/0091).
  "logo-too-large",
  "logo-type",
  "logo-unreadable",
  "logo-not-found",
  "payment-not-yours",
  // Wiederkehrende Rechnungen.
  "recurring-invoice-not-found",
  "recurring-invoice-customer-unknown",
  "recurring-invoice-schedule-fixed",
  "recurring-invoice-ended",
  // Documents by mail (docs/decisions/0079).
  "invoice-cancelled",
  "invoice-pdf-missing",
  "attachment-too-large",
  // The DATEV export.
  "datev-settings-missing",
  "datev-account-missing",
  // The outbox.
  "mail-not-found",
  "mail-not-failed",
  // Releases of the remotes and their rollout.
  "release-version-taken",
  "release-not-found",
  "release-already-active",
  "release-archive-unreadable",
  "release-archive-unsafe-path",
  "release-archive-too-many-files",
  "release-archive-too-large",
  "release-archive-empty",
  "release-archive-duplicate-path",
  "release-in-use",
  "release-manifest-missing",
  "release-manifest-malformed",
  "release-manifest-wrong-remote",
  "release-manifest-unreachable",
  "release-origin-not-allowed",
  "release-remote-entry-missing",
  "release-exposes-missing",
  "release-kit-surface-missing",
  "release-kit-surface-mismatch",
  "rollout-no-active-release",
  "rollout-no-canary",
  // Deploy keys.
  "deploy-key-invalid",
  "deploy-key-revoked",
  "deploy-key-wrong-remote",
  "deploy-key-not-found",
  "deploy-key-cannot-administer",
  // Operations: „Jetzt sichern“ while a backup or restore drill runs, again within its cooldown,
  // with too little free space in the backup folder, or when its run could not be recorded.
  "backup-running",
  "backup-too-soon",
  "backup-no-space",
  "backup-not-begun",
  // Datenschutz-Anfragen.
  "privacy-case-not-found",
  "privacy-case-not-erasure",
  "privacy-case-done",
] as const;

/** A code the API sends. */
export type ApiErrorCode = (typeof apiErrorCodes)[number];

/**
 * What the browser's API client gives a failure that carries no code of ours: `network` when no
 * answer came, `unreadable` when the answer was not the API's JSON (a proxy's error page).
 * Never sent by the server, so not in the API document.
 */
export type ClientErrorCode = "network" | "unreadable";

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === "string" && (apiErrorCodes as readonly string[]).includes(value);
}
