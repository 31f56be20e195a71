/**
 * What the audit module offers the rest of the API (every module that changes data, the auth
 * guard, backups, the start): the only file of this folder they may import (biome.json). Its
 * Elysia plugin, `routes.ts`, is imported by api/src/app.ts alone.
 */
export {
  type AuditActor,
  type AuditEventInput,
  auditEventsStaging,
  recordAuditEvent,
} from "../../db/audit-append.ts";
export { deployKeyActor, systemActor, userActor, visitorActor } from "../../http/audit-actors.ts";
export {
  auditChainHead,
  auditChainKey,
  type ManifestHead,
  retentionPeriods,
  scheduleAuditPurge,
  scheduleAuditSealing,
  verifyAuditChain,
} from "./service.ts";
export {
  changedFields,
  rowSnapshot,
  snapshotChanges,
  withinTransaction,
} from "./store.ts";
