import { randomBytes } from "node:crypto";
import {
  abuseLimitWindowMinutes,
  type ClientErrorInput,
  canaryErrorMarginPoints,
  canaryErrorWindowLoads,
  type DeployKey,
  deployKeyPrefix,
  type Release,
  type ReleasesOverview,
  type RemoteName,
  type RemoteRollout,
  type RolloutAnswer,
  remoteBase,
  remoteDir,
  remoteNames,
  type User,
} from "@klarwerk/kit";
import type { ChangeFeed } from "../../db/change-feed.ts";
import type { Queries, Sql } from "../../db/open.ts";
import { isForeignKeyViolation } from "../../db/sql-errors.ts";
import type { AddressRange } from "../../http/address-range.ts";
import type { Auth } from "../../http/auth.ts";
import { bearerToken } from "../../http/auth.ts";
import { clientAddressOf, type PeerSource, peerAddressOf } from "../../http/client-address.ts";
import { HttpError } from "../../http/errors.ts";
import { httpMessages } from "../../http/messages.ts";
import { type RateLimit, tooManyRequests } from "../../http/rate-limit.ts";
import { enqueueMail } from "../../mail/outbox-store.ts";
import { canaryStoppedMail } from "../../mail/templates.ts";
import type { BlobStore, PendingBlob } from "../../storage/blob-store.ts";
import { removeAllUnlessBackingUp } from "../../storage/deferred-deletes.ts";
import { type AuditActor, deployKeyActor, systemActor, userActor, visitorActor } from "../audit/index.ts";
import { readReleaseArchive } from "./archive.ts";
import {
  recordDeployKeyCreated,
  recordDeployKeyRefused,
  recordDeployKeyRevoked,
  recordReleaseCreated,
  recordReleaseDeleted,
  recordRolloutAudit,
} from "./audit-events.ts";
import { checkManifest } from "./checks.ts";
import { releaseMessages as messages } from "./messages.ts";
import { parseNote, parseRemote, parseShare, parseVersion } from "./model.ts";
import type { RolloutState } from "./rollout-state.ts";
import type { ShellNeeds } from "./shell-needs.ts";
import {
  activeAdmins,
  countVisit,
  deleteRelease,
  errorCountsOf,
  failingNetworksOf,
  findDeployKey,
  findRelease,
  insertClientError,
  insertDeployKey,
  insertRelease,
  insertReleaseFiles,
  insertReleaseLoad,
  listDeployKeys,
  lockRollout,
  markDeployKeyUsed,
  type NewRelease,
  type RolloutRow,
  recentClientErrors,
  recordRolloutEvent,
  releaseExists,
  releaseIdOf,
  releasesOf,
  revokeDeployKey,
  rolloutEventsOf,
  type StoredReleaseFile,
  writeRollout,
} from "./store.ts";
import { type CanaryTicket, type CanaryTickets, visitWindowOf } from "./tickets.ts";
import { type Asked, type Named, type Rollout, transitionFrom } from "./transitions.ts";

/** Who acts on a release: an admin's session, or a deploy key of one remote; `audit` as the trail names it. */
export type ReleaseActor =
  | { kind: "admin"; user: User; label: string; audit: AuditActor }
  | { kind: "key"; key: { id: number; remote: RemoteName; name: string }; label: string; audit: AuditActor };

export interface ReleasesServiceDeps {
  sql: Sql;
  auth: Auth;
  store: BlobStore;
  rollouts: RolloutState;
  /** Told of an upload or delete, so every process's kept file lists follow at once (serve.ts). */
  changes?: ChangeFeed | null;
  needs: ShellNeeds;
  publicUrl: string;
  /** TRUSTED_PROXIES: the client address the audit trail records is read as the auth guard reads it. */
  trustedProxies: readonly AddressRange[];
  /** A canary is judged only once this many distinct networks counted (among its last 200 visits). */
  canaryMinLoads: number;
  /** RELEASE_ORIGINS: the only origins an external release may come from. */
  releaseOrigins: readonly string[];
  /** Checks the tickets the shell's reports carry (only reports with a valid one count). */
  tickets: CanaryTickets;
  /** Fetches an external release's manifest (its text), or throws with a reason. */
  fetchManifest: (url: string) => Promise<string>;
  /** The outbox worker: wakes it when the auto-stop wrote mails. */
  mailWritten: () => void;
  /** Refused key uses per client address (`deployKeyRefusalLimit`): each one is an audit event. */
  keyRefusals: RateLimit;
}

/**
 * Refused deploy-key uses recorded per client address, in the failed sign-ins' window (the
 * privacy notice names it): enough for a team's CI that keeps a revoked key, too few to flood the
 * audit trail.
 */
export const deployKeyRefusalLimit = {
  name: "deploy-key-refusals",
  max: 30,
  windowMs: abuseLimitWindowMinutes.login * 60 * 1000,
};

function sha256Hex(text: string): string {
  return new Bun.CryptoHasher("sha256").update(text).digest("hex");
}

/** A 401's challenge: no session, or a deploy key that is unknown or revoked. */
const bearerChallenge = { "WWW-Authenticate": "Bearer" };

/** Where an uploaded release's files are served (immutable: a version names one build forever). */
export function uploadedReleaseBase(remote: RemoteName, version: string): string {
  return `${remoteBase(remote)}releases/${encodeURIComponent(version)}/`;
}

export function releasesService(deps: ReleasesServiceDeps) {
  const { sql, auth, store, rollouts, needs } = deps;

  /**
   * The caller of a release route: a deploy key (`Authorization: Bearer kwdk_…`) or an admin's
   * session; a staff session is a 403, anything else a 401. `remote` is the remote the call names.
   */
  async function actorOf(
    request: Request,
    server: PeerSource | null | undefined,
    remote: unknown,
  ): Promise<ReleaseActor> {
    const token = bearerToken(request.headers.get("authorization"));
    if (token?.startsWith(deployKeyPrefix)) return keyActorOf(token, request, server, remote);
    const claims = token ? await auth.tokens.verify(token) : null;
    const session = claims ? await auth.sessions.check(claims.sessionId, claims.userId) : null;
    if (!session) throw new HttpError(401, "unauthorized", httpMessages.unauthorized, bearerChallenge);
    if (session.user.role !== "admin") throw new HttpError(403, "admin-only", httpMessages.adminOnly);
    const audit = userActor(session.user, request, server, deps.trustedProxies);
    return { kind: "admin", user: session.user, label: session.user.name, audit };
  }

  /**
   * A deploy key, let in only for its own remote. Every refusal (unknown, revoked, another
   * remote's) is in the trail; the last use is recorded only once the key is let in.
   */
  async function keyActorOf(
    token: string,
    request: Request,
    server: PeerSource | null | undefined,
    remoteInput: unknown,
  ): Promise<ReleaseActor> {
    const key = await findDeployKey(sql, sha256Hex(token));
    const asked = remoteNames.find(
      (name) => typeof remoteInput === "string" && remoteInput.replace(/^mf-/, "") === name,
    );
    const refuse = async (error: HttpError, actor: AuditActor): Promise<never> => {
      // Anyone may send any key: past the limit a refusal is answered without an event, so a
      // stranger cannot fill the trail.
      const hit = await deps.keyRefusals.hit(clientAddressOf(request, server, deps.trustedProxies));
      if (!hit.allowed) throw tooManyRequests(messages.tooManyKeyRefusals, hit);
      await recordDeployKeyRefused(sql, actor, { keyId: key?.id ?? null, remote: asked ?? null, reason: error.code });
      throw error;
    };
    // An unknown key names no one, but its caller is recorded as every other refusal's is: a
    // sender of guessed keys is no visitor of the site, and guessing must be traceable.
    const guesser: AuditActor = { ...visitorActor, address: peerAddressOf(request, server, deps.trustedProxies) };
    if (!key) return refuse(new HttpError(401, "deploy-key-invalid", messages.keyUnknown, bearerChallenge), guesser);
    const label = messages.keyActor(key.name);
    const audit = deployKeyActor({ id: key.id, label }, request, server, deps.trustedProxies);
    if (key.revoked)
      return refuse(new HttpError(401, "deploy-key-revoked", messages.keyRevoked, bearerChallenge), audit);
    if (parseRemote(remoteInput) !== key.remote)
      return refuse(new HttpError(403, "deploy-key-wrong-remote", messages.keyOtherRemote), audit);
    await markDeployKeyUsed(sql, key.id);
    return { kind: "key", key, label, audit };
  }

  /** A key acts only on its own remote (403); an admin on every one. */
  function requireRemote(actor: ReleaseActor, remote: RemoteName): void {
    if (actor.kind === "key" && actor.key.remote !== remote)
      throw new HttpError(403, "deploy-key-wrong-remote", messages.keyOtherRemote);
  }

  function releasedBy(actor: ReleaseActor): NewRelease["releasedBy"] {
    return actor.kind === "admin"
      ? { label: actor.label, userId: actor.user.id, keyId: null }
      : { label: actor.label, userId: null, keyId: actor.key.id };
  }

  async function storeFiles(files: { path: string; bytes: Uint8Array }[]): Promise<{
    stored: StoredReleaseFile[];
    blobs: PendingBlob[];
  }> {
    await store.prepare();
    const blobs: PendingBlob[] = [];
    const stored: StoredReleaseFile[] = [];
    try {
      for (const file of files) {
        const blob = store.create();
        blobs.push(blob);
        await blob.write(file.bytes);
        await blob.close();
        await blob.commit();
        stored.push({ path: file.path, blobId: blob.id, size: file.bytes.byteLength, sha256: blob.sha256 ?? "" });
      }
    } catch (error) {
      await discardAll(blobs);
      throw error;
    }
    return { stored, blobs };
  }

  async function discardAll(blobs: PendingBlob[]): Promise<void> {
    await Promise.all(
      blobs.map((blob) =>
        blob.discard().then(
          () => store.remove(blob.id),
          () => store.remove(blob.id),
        ),
      ),
    );
  }

  async function insertChecked(actor: ReleaseActor, release: NewRelease, files: StoredReleaseFile[]): Promise<Release> {
    return sql.begin(async (tx) => {
      const inserted = await insertRelease(tx, release);
      if (!inserted) throw new HttpError(409, "release-version-taken", messages.versionTaken(release.version));
      if (files.length > 0) await insertReleaseFiles(tx, inserted.id, files);
      await recordRolloutEvent(tx, {
        remote: release.remote,
        action: "release",
        releaseId: inserted.id,
        actor: actor.label,
      });
      await recordReleaseCreated(tx, actor.audit, inserted);
      return inserted;
    });
  }

  /** A new release's remote (the actor's own), version and note, checked; a version taken is a 409. */
  async function newReleaseInput(
    actor: ReleaseActor,
    remote: RemoteName,
    input: { version?: unknown; note?: unknown },
  ): Promise<{ remote: RemoteName; version: string; note: string }> {
    requireRemote(actor, remote);
    const version = parseVersion(input.version);
    const note = parseNote(input.note);
    if (await releaseExists(sql, remote, version))
      throw new HttpError(409, "release-version-taken", messages.versionTaken(version));
    return { remote, version, note };
  }

  /** A caller's change of a remote's rollout (transitions.ts): its input checked, then applied. */
  async function act(
    actor: ReleaseActor,
    remote: RemoteName,
    asked: Asked,
    input: { version?: unknown; share?: unknown },
  ): Promise<RolloutAnswer> {
    requireRemote(actor, remote);
    const version = "version" in input ? parseVersion(input.version) : null;
    const share = "share" in input ? parseShare(input.share) : 0;
    await sql.begin(async (tx) => {
      // The rollout first, then the release: every change of a remote locks in this order.
      const state = await lockRollout(tx, remote);
      const release = version === null ? null : await findRelease(tx, remote, version, "key share");
      if (version !== null && !release)
        throw new HttpError(404, "release-not-found", messages.releaseNotFound(version));
      await transition(tx, remote, asked, state, { release, share, by: actor });
    });
    return { rollout: await changedRollout(remote) };
  }

  /**
   * The one writer of a rollout: the transition `asked` from the locked `state` (a refusal is
   * thrown), the rollout after it, the history's event and the audit event, in the caller's
   * transaction. False when there was nothing to do.
   */
  async function transition(
    tx: Queries,
    remote: RemoteName,
    asked: Asked,
    state: Rollout | null,
    on: { release: Named | null; share: number; by: { label: string; audit: AuditActor }; reason?: string },
  ): Promise<boolean> {
    const planned = transitionFrom(asked, state, on.release, on.share);
    if (!planned) return false;
    const { row, release, next } = planned;
    await writeRollout(tx, remote, next);
    await recordRolloutEvent(tx, {
      remote,
      action: row.event,
      releaseId: release,
      share: row.recordsShare ? on.share : null,
      actor: on.by.label,
      reason: on.reason ?? null,
    });
    await recordRolloutAudit(tx, on.by.audit, row.audit, remote, state, next);
    return true;
  }

  return {
    actorOf,
    requireRemote,

    /**
     * An uploaded release: the archive of the remote's `dist/` is read and checked whole before a
     * byte is stored; its files become blobs, then the rows (a crash between leaves blobs the
     * start-up sweep removes). Any refusal stores nothing.
     */
    async upload(
      actor: ReleaseActor,
      remoteNamed: RemoteName,
      input: { version?: unknown; note?: unknown },
      archive: Uint8Array,
    ): Promise<Release> {
      const { remote, version, note } = await newReleaseInput(actor, remoteNamed, input);
      const files = readReleaseArchive(archive);
      const manifestFile = files.find((file) => file.path === "mf-manifest.json");
      if (!manifestFile) throw new HttpError(409, "release-manifest-missing", messages.manifestMissing);
      const manifest = checkManifest(remote, new TextDecoder().decode(manifestFile.bytes), needs);
      if (!files.some((file) => file.path === manifest.remoteEntry)) {
        throw new HttpError(409, "release-remote-entry-missing", messages.remoteEntryMissing(manifest.remoteEntry));
      }
      const { stored, blobs } = await storeFiles(files);
      try {
        const release = await insertChecked(
          actor,
          {
            remote,
            version,
            kind: "uploaded",
            manifestUrl: `${uploadedReleaseBase(remote, version)}mf-manifest.json`,
            kitSurface: manifest.kitSurface,
            note,
            releasedBy: releasedBy(actor),
            sizeBytes: stored.reduce((sum, file) => sum + file.size, 0),
          },
          stored,
        );
        releasesChanged();
        return release;
      } catch (error) {
        await discardAll(blobs);
        throw error;
      }
    },

    /**
     * Deletes a release no visitor can get (not active, not the canary, not the one the shell
     * falls back to: 409), by an admin only (a key releases, it does not clean up). Rows first,
     * with the audit event; the files' blobs then, unless a backup is copying (then after it).
     */
    async deleteRelease(actor: ReleaseActor, remote: RemoteName, versionInput: unknown): Promise<void> {
      if (actor.kind !== "admin")
        throw new HttpError(403, "deploy-key-cannot-administer", messages.keyCannotAdminister);
      const version = parseVersion(versionInput);
      const blobIds = await sql.begin(async (tx) => {
        // The rollout first, then the release: every change of a remote locks in this order.
        const state = await lockRollout(tx, remote);
        const release = await findRelease(tx, remote, version, "update");
        if (!release) throw new HttpError(404, "release-not-found", messages.releaseNotFound(version));
        if (state?.active === release.id) throw new HttpError(409, "release-in-use", messages.deleteActive(version));
        if (state?.canary === release.id) throw new HttpError(409, "release-in-use", messages.deleteCanary(version));
        if (state?.previous === release.id)
          throw new HttpError(409, "release-in-use", messages.deletePrevious(version));
        const queued = await deleteRelease(tx, release);
        await recordReleaseDeleted(tx, actor.audit, release);
        return queued;
      });
      releasesChanged();
      await removeAllUnlessBackingUp(sql, "releases", store, blobIds).catch((error: unknown) => {
        // Still queued: the next backup's end or the next start removes them.
        console.error("[api] could not delete a release's blobs:", error);
      });
    },

    /** An external release: its https manifest is fetched and checked as an upload's would be. */
    async registerExternal(
      actor: ReleaseActor,
      remoteNamed: RemoteName,
      input: { version: unknown; note?: unknown; manifest_url: unknown },
    ): Promise<Release> {
      let url: URL | null = null;
      try {
        url = typeof input.manifest_url === "string" ? new URL(input.manifest_url) : null;
      } catch {
        url = null;
      }
      if (url?.protocol !== "https:" || url.username || url.password) {
        throw new HttpError(422, "validation", messages.manifestUrlNotHttps);
      }
      const { remote, version, note } = await newReleaseInput(actor, remoteNamed, input);
      // Checked before any fetch: the list bounds both where the API connects and what the
      // pages' Content-Security-Policy may ever allow.
      if (!deps.releaseOrigins.includes(url.origin))
        throw new HttpError(422, "release-origin-not-allowed", messages.manifestOriginNotAllowed(url.origin));
      let text: string;
      try {
        text = await deps.fetchManifest(url.href);
      } catch (error) {
        // One answer for every reason (refused, reset, no TLS, a status, too large): a key holder
        // learns nothing about what answers at an address. The operator's log has the reason.
        console.warn(
          `[api] external manifest ${url.href} not fetched: ${error instanceof Error ? error.message : error}`,
        );
        throw new HttpError(409, "release-manifest-unreachable", messages.manifestUrlUnreachable);
      }
      const manifest = checkManifest(remote, text, needs);
      return insertChecked(
        actor,
        {
          remote,
          version,
          kind: "external",
          manifestUrl: url.href,
          kitSurface: manifest.kitSurface,
          note,
          releasedBy: releasedBy(actor),
          sizeBytes: 0,
        },
        [],
      );
    },

    /** Makes `version` the active release (a later one: activate; an earlier one: rollback). */
    activate: (actor: ReleaseActor, remote: RemoteName, input: { version: unknown }) =>
      act(actor, remote, "activate", input),
    startCanary: (actor: ReleaseActor, remote: RemoteName, input: { version: unknown; share: unknown }) =>
      act(actor, remote, "canary", input),
    promote: (actor: ReleaseActor, remote: RemoteName) => act(actor, remote, "promote", {}),
    stopCanary: (actor: ReleaseActor, remote: RemoteName) => act(actor, remote, "stop", {}),

    async overview(): Promise<ReleasesOverview> {
      const all = await rollouts.all();
      return {
        remotes: await Promise.all(
          remoteNames.map(async (remote) => ({
            rollout: rolloutOf(remote, all),
            releases: await releasesOf(sql, remote),
            events: await rolloutEventsOf(sql, remote),
            errors: await errorCountsOf(sql, remote),
            recent_errors: await recentClientErrors(sql, remote),
          })),
        ),
      };
    },

    async createKey(
      admin: User,
      input: { remote: unknown; name: unknown },
      actor: AuditActor,
    ): Promise<{ key: DeployKey; secret: string }> {
      const remote = parseRemote(input.remote);
      const name = typeof input.name === "string" ? input.name.trim() : "";
      if (name === "" || name.length > 100) throw new HttpError(422, "validation", messages.invalidKeyName);
      const secret = `${deployKeyPrefix}${randomBytes(32).toString("base64url")}`;
      const key = await sql.begin(async (tx) => {
        const inserted = await insertDeployKey(tx, {
          remote,
          name,
          secretSha256: sha256Hex(secret),
          hint: secret.slice(0, deployKeyPrefix.length + 6),
          createdBy: admin.id,
        });
        await recordDeployKeyCreated(tx, actor, inserted);
        return inserted;
      });
      return { key, secret };
    },

    listKeys: () => listDeployKeys(sql),

    async revokeKey(id: number, actor: AuditActor): Promise<void> {
      await sql.begin(async (tx) => {
        const revokedNow = await revokeDeployKey(tx, id);
        if (revokedNow === null) throw new HttpError(404, "deploy-key-not-found", messages.keyNotFound);
        if (revokedNow) await recordDeployKeyRevoked(tx, actor, id);
      });
    },

    /**
     * What the shell reported: stored with the release it names (a version no release of the remote
     * has is a 422, stored nowhere); a failed load also counts as a load of that release. With a
     * valid ticket its visitor counts as failed, and a canary may stop (`judgeCanary`); without
     * one it is only listed. A signed-in sender's id is kept with it (`authorization`, if valid).
     */
    async reportClientError(
      report: Omit<ClientErrorInput, "remote"> & { remote: RemoteName },
      authorization: string | null,
    ): Promise<void> {
      const token = bearerToken(authorization);
      const userId = (token ? await auth.tokens.verify(token) : null)?.userId ?? null;
      await unlessReleaseDeleted(report.version, () => storeClientError({ ...report, userId }));
    },

    async reportLoad(remote: RemoteName, version: string, ticketInput: unknown): Promise<void> {
      await unlessReleaseDeleted(version, () => storeLoad(remote, version, ticketInput));
    },
  };

  async function storeClientError(
    report: Omit<ClientErrorInput, "remote"> & { remote: RemoteName; userId: number | null },
  ): Promise<void> {
    const releaseId = await knownReleaseId(report.remote, report.version);
    const ticket = releaseId === null ? null : await validTicket(report.remote, report.version, report.ticket);
    await insertClientError(sql, { ...report, releaseId, ticketed: ticket !== null });
    if (releaseId === null) return;
    if (report.kind === "load") await insertReleaseLoad(sql, releaseId, true);
    if (!ticket) return;
    const visit = { releaseId, network: ticket.network, windowStart: visitWindowOf(ticket), failed: true };
    if (await countVisit(sql, visit)) await judgeCanary(report.remote);
  }

  async function storeLoad(remote: RemoteName, version: string, ticketInput: unknown): Promise<void> {
    const releaseId = await knownReleaseId(remote, version);
    if (releaseId === null) return;
    await insertReleaseLoad(sql, releaseId, false);
    const ticket = await validTicket(remote, version, ticketInput);
    if (ticket)
      await countVisit(sql, {
        releaseId,
        network: ticket.network,
        windowStart: visitWindowOf(ticket),
        failed: false,
      });
  }

  /**
   * A report whose release an admin deletes while it is written: found, then gone at the
   * insert's foreign key. It is answered as if it had come a moment later.
   */
  async function unlessReleaseDeleted(version: string | null, store: () => Promise<void>): Promise<void> {
    try {
      await store();
    } catch (error) {
      if (!isForeignKeyViolation(error) || version === null) throw error;
      throw new HttpError(422, "release-not-found", messages.releaseNotFound(version));
    }
  }

  /** The release a report names; null for none (a remote from `REMOTE_<NAME>_URL`); a 422 for a version no release has. */
  async function knownReleaseId(remote: RemoteName, version: string | null): Promise<number | null> {
    if (version === null) return null;
    const releaseId = await releaseIdOf(sql, remote, version);
    if (releaseId === null) throw new HttpError(422, "release-not-found", messages.releaseNotFound(version));
    return releaseId;
  }

  /**
   * The report's ticket if it counts: signed by us, fresh, for this remote and version, and that
   * version active or the canary now (what a visitor may be given).
   */
  async function validTicket(remote: RemoteName, version: string | null, input: unknown): Promise<CanaryTicket | null> {
    const ticket = deps.tickets.verify(input);
    if (!ticket || ticket.remote !== remote || ticket.version !== version) return null;
    const rollout = (await rollouts.all()).find((candidate) => candidate.remote === remote);
    const inRollout = rollout?.active.version === version || rollout?.canary?.version === version;
    return inRollout ? ticket : null;
  }

  function releasesChanged(): void {
    deps.changes?.changed("releases");
  }

  async function changedRollout(remote: RemoteName): Promise<RemoteRollout> {
    rollouts.changed();
    return rolloutOf(remote, await rollouts.all());
  }

  /**
   * Stops the remote's canary (share 0) when the share of its distinct networks with a failure
   * (among its last 200 counted visits) exceeds the active release's by more than 2 percentage
   * points, once `canaryMinLoads` distinct networks counted, and mails every active admin through
   * the outbox in the same transaction. Only ticketed reports count (`countVisit`), each network
   * (an IPv4 /24, an IPv6 /64) once, however many visitor ids it made up; and each side's failing
   * networks are taken one fewer, so no single network tips the decision, either way
   * (docs/decisions/0067-canary-networks.md).
   */
  async function judgeCanary(remote: RemoteName): Promise<void> {
    const rollout = (await rollouts.all()).find((candidate) => candidate.remote === remote);
    const canary = rollout?.canary;
    if (!rollout || !canary) return;
    const canaryVisits = await failingNetworksOf(sql, canary.id, canaryErrorWindowLoads);
    if (canaryVisits.networks < deps.canaryMinLoads) return;
    const activeVisits = await failingNetworksOf(sql, rollout.active.id, canaryErrorWindowLoads);
    const rate = ({ networks, failing }: { networks: number; failing: number }) =>
      networks === 0 ? 0 : (Math.max(0, failing - 1) / networks) * 100;
    const canaryRate = rate(canaryVisits);
    const activeRate = rate(activeVisits);
    if (canaryRate - activeRate <= canaryErrorMarginPoints) return;
    const reason = messages.autoStopReason(canaryRate, activeRate);
    const stopped = await sql.begin(async (tx) => {
      const state = await lockRollout(tx, remote);
      const by = { label: messages.automaticActor, audit: systemActor };
      if (!(await transition(tx, remote, "auto-stop", state, { release: canary, share: 0, by, reason }))) return false;
      for (const admin of await activeAdmins(tx)) {
        await enqueueMail(
          tx,
          canaryStoppedMail(
            { name: admin.name, address: admin.email },
            { remote: remoteDir(remote), canaryVersion: canary.version, activeVersion: rollout.active.version, reason },
            { publicUrl: deps.publicUrl },
          ),
        );
      }
      return true;
    });
    if (!stopped) return;
    rollouts.changed();
    deps.mailWritten();
  }
}

export type ReleasesService = ReturnType<typeof releasesService>;

export function rolloutOf(remote: RemoteName, all: readonly RolloutRow[]): RemoteRollout {
  const row = all.find((candidate) => candidate.remote === remote);
  return {
    remote,
    active: row?.active ?? null,
    canary: row?.canary ?? null,
    canary_share: row?.canary_share ?? 0,
    previous: row?.previous ?? null,
    changed_at: row?.changed_at.toISOString() ?? null,
  };
}
