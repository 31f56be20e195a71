import { type AuditAction, type Release, type RemoteName, remoteDir } from "@klarwerk/kit";
import type { Queries } from "../../db/open.ts";
import { type AuditActor, changedFields, recordAuditEvent } from "../audit/index.ts";
import { releaseVersions } from "./store.ts";

/**
 * The audit trail's events of releases, rollouts and deploy keys, each written by the
 * service in the transaction that makes the change. A release or rollout event's object is the
 * remote (`mf-dashboard`), so its "Verlauf" is the remote's whole history; a rollout's event
 * carries the active release, the canary and its share before and after, by version: what
 * visitors got and get now. Never a key's secret, hint or hash.
 */

/** A remote's rollout as `lockRollout` reads it; null: the remote had none (REMOTE_<NAME>_URL). */
export type RolloutIds = { active: number; canary: number | null; share: number } | null;

const rolloutFields = ["active", "canary", "share"] as const;

export async function recordRolloutAudit(
  tx: Queries,
  actor: AuditActor,
  action: AuditAction,
  remote: RemoteName,
  before: RolloutIds,
  after: NonNullable<RolloutIds>,
): Promise<void> {
  const ids = [before?.active, before?.canary, after.active, after.canary].filter(
    (id): id is number => typeof id === "number",
  );
  const versions = await releaseVersions(tx, ids);
  const versionOf = (id: number | null | undefined) => (id === null || id === undefined ? null : versions.get(id));
  const view = (state: RolloutIds) => ({
    active: versionOf(state?.active) ?? null,
    canary: versionOf(state?.canary) ?? null,
    share: state?.share ?? 0,
  });
  const { fields, changes } = changedFields(view(before), view(after), rolloutFields, { withValues: true });
  await recordAuditEvent(tx, actor, {
    action,
    objectId: remoteDir(remote),
    fields,
    changes: fields.length > 0 ? changes : null,
  });
}

export async function recordReleaseCreated(tx: Queries, actor: AuditActor, release: Release): Promise<void> {
  const recorded = {
    version: release.version,
    kind: release.kind,
    manifest_url: release.manifest_url,
    note: release.note === "" ? null : release.note,
  };
  await recordAuditEvent(tx, actor, {
    action: "release.created",
    objectId: remoteDir(release.remote),
    ...changedFields(null, recorded, ["version", "kind", "manifest_url", "note"], { withValues: true }),
  });
}

/** What the trail keeps of a deleted release: what its creation recorded, each now gone. */
export async function recordReleaseDeleted(tx: Queries, actor: AuditActor, release: Release): Promise<void> {
  const keys = ["version", "kind", "manifest_url"] as const;
  const gone: Record<(typeof keys)[number], string | null> = { version: null, kind: null, manifest_url: null };
  const recorded = { version: release.version, kind: release.kind, manifest_url: release.manifest_url };
  await recordAuditEvent(tx, actor, {
    action: "release.deleted",
    objectId: remoteDir(release.remote),
    ...changedFields(recorded, gone, keys, { withValues: true }),
  });
}

export async function recordDeployKeyCreated(
  tx: Queries,
  actor: AuditActor,
  key: { id: number; remote: RemoteName; name: string },
): Promise<void> {
  await recordAuditEvent(tx, actor, {
    action: "deploy_key.created",
    objectId: key.id,
    ...changedFields(null, { remote: remoteDir(key.remote), name: key.name }, ["remote", "name"], {
      withValues: true,
    }),
  });
}

export async function recordDeployKeyRevoked(tx: Queries, actor: AuditActor, id: number): Promise<void> {
  await recordAuditEvent(tx, actor, { action: "deploy_key.revoked", objectId: id, fields: ["revoked_at"] });
}

/**
 * A deploy key refused: `keyId` when the secret named a key (revoked, or another remote's), null
 * for an unknown one; the remote asked for when the call named one; the refusal's code. A
 * statement of its own (a refusal changes nothing else); the secret, its hint and its hash stay out.
 */
export async function recordDeployKeyRefused(
  sql: Queries,
  actor: AuditActor,
  refusal: { keyId: number | null; remote: RemoteName | null; reason: string },
): Promise<void> {
  const recorded = { remote: refusal.remote ? remoteDir(refusal.remote) : null, reason: refusal.reason };
  await recordAuditEvent(sql, actor, {
    action: "deploy_key.refused",
    objectId: refusal.keyId,
    ...changedFields(null, recorded, ["remote", "reason"], { withValues: true }),
  });
}
