/**
 * The kit's runtime-neutral entry: rules, limits, domain types, German messages, `check*`
 * functions, the site config and the remote names. No React, no browser globals: the API imports
 * it, and each app bundles its own copy (it is stateless, so it is not a federation singleton).
 * Browser state lives in `@klarwerk/kit/browser`, `/query` and `/portal`.
 */
export * from "./api-routes";
export * from "./audit";
export * from "./audit-fields";
export * from "./company";
export * from "./contact";
export * from "./contact-text";
export * from "./customer-import";
export * from "./customer-page";
export * from "./customers";
export * from "./datev";
export * from "./error-codes";
export * from "./files";
export * from "./format";
export * from "./invoices";
export * from "./logo";
export * from "./messages";
export * from "./money";
export * from "./operations";
export * from "./outbox";
export * from "./person-fields";
export * from "./privacy";
export * from "./releases";
export * from "./remotes";
export * from "./requests";
export * from "./rules";
export * from "./sending";
export * from "./share-links";
export * from "./site";
export * from "./site-search";
export * from "./users";
