import type {
  ClientErrorKind,
  ClientErrorReport,
  DeployKey,
  Release,
  ReleaseErrorCounts,
  ReleaseKind,
  RemoteName,
  RolloutAction,
  RolloutEvent,
} from "@klarwerk/kit";
import type { Queries, Sql } from "../../db/open.ts";
import type { Row } from "../../db/rows.ts";
import type { AreaRow, AreaRowsPage } from "../../storage/blob-area.ts";

// Every statement on releases, release_files, deploy_keys, remote_rollouts, rollout_events,
// client_errors, release_loads and canary_visits (migrations 022, 023, 028 and 038).

type ReleaseRow = Row<Release>;

const releaseColumns =
  "id, remote, version, kind, manifest_url, kit_surface, note, released_by, created_at, size_bytes";

export function releaseOf(row: ReleaseRow): Release {
  return { ...row, created_at: row.created_at.toISOString() };
}

export interface NewRelease {
  remote: RemoteName;
  version: string;
  kind: ReleaseKind;
  manifestUrl: string;
  kitSurface: string;
  note: string;
  releasedBy: { label: string; userId: number | null; keyId: number | null };
  sizeBytes: number;
}

/** Inserts the release; null when the remote already has this version. */
export async function insertRelease(tx: Queries, release: NewRelease): Promise<Release | null> {
  const [row] = await tx<ReleaseRow[]>`
    insert into releases (remote, version, kind, manifest_url, kit_surface, note, released_by, released_by_user,
                          released_by_key, size_bytes)
    values (${release.remote}, ${release.version}, ${release.kind}, ${release.manifestUrl}, ${release.kitSurface},
            ${release.note}, ${release.releasedBy.label}, ${release.releasedBy.userId}, ${release.releasedBy.keyId},
            ${release.sizeBytes})
    on conflict (remote, version) do nothing
    returning ${tx.unsafe(releaseColumns)}`;
  return row ? releaseOf(row) : null;
}

export async function releaseExists(sql: Queries, remote: RemoteName, version: string): Promise<boolean> {
  const [row] = await sql`select 1 from releases where remote = ${remote} and version = ${version}`;
  return row !== undefined;
}

/**
 * The release, locked until the transaction ends when `lock` says so: `key share` by a rollout
 * that will name it (a delete waits, or is waited for and then it is gone: a 404, not a foreign
 * key's 500), `update` by its delete. Both take the remote's rollout (`lockRollout`) first.
 */
export async function findRelease(
  sql: Queries,
  remote: RemoteName,
  version: string,
  lock: "key share" | "update" | null = null,
): Promise<Release | null> {
  const [row] = await sql<ReleaseRow[]>`
    select ${sql.unsafe(releaseColumns)} from releases where remote = ${remote} and version = ${version}
    ${lock === null ? sql`` : sql.unsafe(`for ${lock}`)}`;
  return row ? releaseOf(row) : null;
}

export async function releasesOf(sql: Queries, remote: RemoteName, limit = 50): Promise<Release[]> {
  const rows = await sql<ReleaseRow[]>`
    select ${sql.unsafe(releaseColumns)} from releases where remote = ${remote} order by id desc limit ${limit}`;
  return rows.map(releaseOf);
}

export interface StoredReleaseFile {
  path: string;
  blobId: string;
  size: number;
  sha256: string;
}

export async function insertReleaseFiles(tx: Queries, releaseId: number, files: StoredReleaseFile[]): Promise<void> {
  for (let start = 0; start < files.length; start += 500) {
    const rows = files.slice(start, start + 500).map((file) => ({
      release_id: releaseId,
      path: file.path,
      blob_id: file.blobId,
      size: file.size,
      sha256: file.sha256,
    }));
    await tx`insert into release_files ${tx(rows, "release_id", "path", "blob_id", "size", "sha256")}`;
  }
}

/** The files of an uploaded release by its remote and version (null: no such uploaded release). */
export async function releaseFilesOf(
  sql: Queries,
  remote: RemoteName,
  version: string,
): Promise<Map<string, StoredReleaseFile> | null> {
  const [release] = await sql<{ id: number }[]>`
    select id from releases where remote = ${remote} and version = ${version} and kind = 'uploaded'`;
  if (!release) return null;
  const rows = await sql<{ path: string; blob_id: string; size: number; sha256: string }[]>`
    select path, blob_id, size, sha256 from release_files where release_id = ${release.id}`;
  return new Map(
    rows.map((row) => [row.path, { path: row.path, blobId: row.blob_id, size: row.size, sha256: row.sha256 }]),
  );
}

/**
 * Of these blob ids, the ones a release file names, or a queued removal still waits for (a backup
 * may be copying it): the sweep keeps them, and the scrub counts none of them as orphans.
 */
export async function referencedReleaseBlobs(sql: Sql, ids: string[]): Promise<Set<string>> {
  const rows = await sql<{ blob_id: string }[]>`
    select blob_id from release_files where blob_id = any(${ids})
    union select blob_id from blob_deletions where area = 'releases' and blob_id = any(${ids})`;
  return new Set(rows.map((row) => row.blob_id));
}

/** Whether the release file of this id still exists and names this blob (one deleted meanwhile is no finding). */
export async function releaseFileNamesBlob(sql: Sql, id: number, blobId: string): Promise<boolean> {
  const [row] = await sql`select 1 from release_files where id = ${id} and blob_id = ${blobId}`;
  return row !== undefined;
}

/**
 * Deletes the release and its files' rows and, in the same statement as the files', queues their
 * blobs' removal (`blob_deletions`): the caller removes them once no backup is copying
 * (`storage/deferred-deletes.ts`). The history keeps the version. Returns the queued blob ids.
 */
export async function deleteRelease(tx: Queries, release: { id: number; version: string }): Promise<string[]> {
  const rows = await tx<{ blob_id: string }[]>`
    with gone as (delete from release_files where release_id = ${release.id} returning blob_id),
    queued as (insert into blob_deletions (area, blob_id) select 'releases', blob_id from gone)
    select blob_id from gone`;
  await tx`update rollout_events set release_version = ${release.version} where release_id = ${release.id}`;
  await tx`delete from releases where id = ${release.id}`;
  return rows.map((row) => row.blob_id);
}

/**
 * A page of release files as the scrub and the backups read a blob area, each named as it is
 * served under `/remotes/`: `mf-<name>/releases/<version>/<path>`. None lacks a checksum.
 */
export async function releaseBlobRows(sql: Sql, { afterId, limit, withoutChecksum }: AreaRowsPage): Promise<AreaRow[]> {
  if (withoutChecksum) return [];
  return sql<AreaRow[]>`
    select f.id, 'mf-' || r.remote || '/releases/' || r.version || '/' || f.path as name, f.blob_id as "blobId",
           0 as "offset", f.size, f.sha256
    from release_files f join releases r on r.id = f.release_id
    where f.id > ${afterId} order by f.id limit ${limit}`;
}

export async function* allReleaseBlobIds(sql: Sql): AsyncGenerator<string[]> {
  let after = "";
  for (;;) {
    const rows = await sql<{ blob_id: string }[]>`
      select blob_id from release_files where blob_id > ${after} order by blob_id limit 1000`;
    if (rows.length === 0) return;
    yield rows.map((row) => row.blob_id);
    after = rows.at(-1)?.blob_id ?? after;
  }
}

// --- Rollout -------------------------------------------------------------------------------

export interface RolloutRow {
  remote: RemoteName;
  active: Release;
  previous: Release | null;
  canary: Release | null;
  canary_share: number;
  changed_at: Date;
}

/** Every remote's rollout with its releases, in one query (what each process keeps in memory). */
export async function allRollouts(sql: Queries): Promise<RolloutRow[]> {
  const rows = await sql<
    {
      remote: RemoteName;
      canary_share: number;
      changed_at: Date;
      active: Release;
      previous: Release | null;
      canary: Release | null;
    }[]
  >`
    select r.remote, r.canary_share, r.changed_at,
           to_jsonb(a) as active, to_jsonb(p) as previous, to_jsonb(c) as canary
    from remote_rollouts r
    join (select ${sql.unsafe(releaseColumns)} from releases) a on a.id = r.active_release
    left join (select ${sql.unsafe(releaseColumns)} from releases) p on p.id = r.previous_release
    left join (select ${sql.unsafe(releaseColumns)} from releases) c on c.id = r.canary_release`;
  const fromJson = (row: Release | null): Release | null =>
    row ? { ...row, created_at: new Date(row.created_at).toISOString() } : null;
  return rows.map((row) => ({
    remote: row.remote,
    active: fromJson(row.active) as Release,
    previous: fromJson(row.previous),
    canary: fromJson(row.canary),
    canary_share: row.canary_share,
    changed_at: row.changed_at,
  }));
}

/** The remote's rollout row, locked until the transaction ends (one change at a time per remote). */
export async function lockRollout(
  tx: Queries,
  remote: RemoteName,
): Promise<{ active: number; previous: number | null; canary: number | null; share: number } | null> {
  const [row] = await tx<
    { active_release: number; previous_release: number | null; canary_release: number | null; canary_share: number }[]
  >`select active_release, previous_release, canary_release, canary_share from remote_rollouts
    where remote = ${remote} for update`;
  return row
    ? {
        active: row.active_release,
        previous: row.previous_release,
        canary: row.canary_release,
        share: row.canary_share,
      }
    : null;
}

export async function writeRollout(
  tx: Queries,
  remote: RemoteName,
  state: { active: number; previous: number | null; canary: number | null; share: number },
): Promise<void> {
  await tx`
    insert into remote_rollouts (remote, active_release, previous_release, canary_release, canary_share, changed_at)
    values (${remote}, ${state.active}, ${state.previous}, ${state.canary}, ${state.share}, now())
    on conflict (remote) do update set active_release = excluded.active_release,
      previous_release = excluded.previous_release, canary_release = excluded.canary_release,
      canary_share = excluded.canary_share, changed_at = excluded.changed_at`;
}

export async function recordRolloutEvent(
  tx: Queries,
  event: {
    remote: RemoteName;
    action: RolloutAction;
    releaseId: number | null;
    share?: number | null;
    actor: string;
    reason?: string | null;
  },
): Promise<void> {
  await tx`
    insert into rollout_events (remote, action, release_id, share, actor, reason)
    values (${event.remote}, ${event.action}, ${event.releaseId}, ${event.share ?? null}, ${event.actor},
            ${event.reason ?? null})`;
}

/** The versions of these releases, by id (what the audit trail records of a rollout). */
export async function releaseVersions(sql: Queries, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ id: number; version: string }[]>`
    select id, version from releases where id = any(${[...ids]}::bigint[])`;
  return new Map(rows.map((row) => [row.id, row.version]));
}

export async function rolloutEventsOf(sql: Queries, remote: RemoteName, limit = 50): Promise<RolloutEvent[]> {
  const rows = await sql<(Omit<RolloutEvent, "created_at"> & { created_at: Date })[]>`
    select e.id, e.remote, e.action, coalesce(r.version, e.release_version) as version, e.share, e.actor, e.reason,
           e.created_at
    from rollout_events e left join releases r on r.id = e.release_id
    where e.remote = ${remote} order by e.id desc limit ${limit}`;
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

// --- Deploy keys ---------------------------------------------------------------------------

interface DeployKeyRow {
  id: number;
  remote: RemoteName;
  name: string;
  hint: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

function deployKeyOf(row: DeployKeyRow): DeployKey {
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

export async function insertDeployKey(
  sql: Queries,
  key: { remote: RemoteName; name: string; secretSha256: string; hint: string; createdBy: number },
): Promise<DeployKey> {
  const [row] = await sql<DeployKeyRow[]>`
    insert into deploy_keys (remote, name, secret_sha256, hint, created_by)
    values (${key.remote}, ${key.name}, ${key.secretSha256}, ${key.hint}, ${key.createdBy})
    returning id, remote, name, hint, created_at, last_used_at, revoked_at`;
  if (!row) throw new Error("insert into deploy_keys returned no row");
  return deployKeyOf(row);
}

export async function listDeployKeys(sql: Queries): Promise<DeployKey[]> {
  const rows = await sql<DeployKeyRow[]>`
    select id, remote, name, hint, created_at, last_used_at, revoked_at from deploy_keys order by id desc`;
  return rows.map(deployKeyOf);
}

/**
 * Revokes the key: true when it was revoked now, false when it already was (revoking twice is
 * fine and changes nothing), null when there is none of this id.
 */
export async function revokeDeployKey(sql: Queries, id: number): Promise<boolean | null> {
  const [row] = await sql<{ revoked_now: boolean }[]>`
    with old as (select id, revoked_at from deploy_keys where id = ${id} for update)
    update deploy_keys k set revoked_at = coalesce(old.revoked_at, now()) from old where k.id = old.id
    returning old.revoked_at is null as revoked_now`;
  return row ? row.revoked_now : null;
}

/** The key whose secret has this SHA-256 (revoked or not), or null; its use is recorded apart (`markDeployKeyUsed`). */
export async function findDeployKey(
  sql: Queries,
  secretSha256: string,
): Promise<{ id: number; remote: RemoteName; name: string; revoked: boolean } | null> {
  const [row] = await sql<{ id: number; remote: RemoteName; name: string; revoked_at: Date | null }[]>`
    select id, remote, name, revoked_at from deploy_keys where secret_sha256 = ${secretSha256}`;
  return row ? { id: row.id, remote: row.remote, name: row.name, revoked: row.revoked_at !== null } : null;
}

/** Records a use the key was let in for (never a refused one). */
export async function markDeployKeyUsed(sql: Queries, id: number): Promise<void> {
  await sql`update deploy_keys set last_used_at = now() where id = ${id} and revoked_at is null`;
}

// --- Client errors and loads ---------------------------------------------------------------

export async function releaseIdOf(sql: Queries, remote: RemoteName, version: string | null): Promise<number | null> {
  if (version === null) return null;
  const [row] = await sql<{ id: number }[]>`select id from releases where remote = ${remote} and version = ${version}`;
  return row?.id ?? null;
}

export async function insertClientError(
  sql: Queries,
  report: {
    remote: RemoteName;
    releaseId: number | null;
    kind: ClientErrorKind;
    route: string;
    message: string;
    browser: string;
    userId: number | null;
    ticketed: boolean;
  },
): Promise<void> {
  await sql`
    insert into client_errors (remote, release_id, kind, route, message, browser, user_id, ticketed)
    values (${report.remote}, ${report.releaseId}, ${report.kind}, ${report.route}, ${report.message},
            ${report.browser}, ${report.userId}, ${report.ticketed})`;
}

/**
 * Deletes the error reports and counted loads older than `days` before `now` (a row exactly that
 * old stays). Returns how many of each went.
 */
export async function purgeClientReports(
  sql: Queries,
  days: number,
  now: Date = new Date(),
): Promise<{ errors: number; loads: number }> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60_000);
  const errors = await sql`delete from client_errors where created_at < ${cutoff}`;
  const loads = await sql`delete from release_loads where created_at < ${cutoff}`;
  await sql`delete from canary_visits where created_at < ${cutoff}`;
  return { errors: errors.count, loads: loads.count };
}

export async function insertReleaseLoad(sql: Queries, releaseId: number, failed: boolean): Promise<void> {
  await sql`insert into release_loads (release_id, failed) values (${releaseId}, ${failed})`;
}

/**
 * Counts a ticketed network for the release in the window: a load adds it if new; an error adds it
 * as failed or marks it so. True when this changed anything (a replay, or another visitor of the
 * same network, changes nothing).
 */
export async function countVisit(
  sql: Queries,
  visit: { releaseId: number; network: string; windowStart: Date; failed: boolean },
): Promise<boolean> {
  const rows = visit.failed
    ? await sql`
        insert into canary_visits (release_id, network, window_start, failed)
        values (${visit.releaseId}, ${visit.network}, ${visit.windowStart}, true)
        on conflict (release_id, network, window_start) do update set failed = true
        where canary_visits.failed = false
        returning 1`
    : await sql`
        insert into canary_visits (release_id, network, window_start)
        values (${visit.releaseId}, ${visit.network}, ${visit.windowStart})
        on conflict (release_id, network, window_start) do nothing
        returning 1`;
  return rows.length > 0;
}

/**
 * Of a release's last `window` counted visits (one per network and hour), how many distinct
 * networks they were and how many of those had a failure.
 */
export async function failingNetworksOf(
  sql: Queries,
  releaseId: number,
  window: number,
): Promise<{ networks: number; failing: number }> {
  const [row] = await sql<{ networks: number; failing: number }[]>`
    with recent as (
      select network, failed from canary_visits where release_id = ${releaseId} order by id desc limit ${window}
    )
    select count(distinct network)::int as networks,
           count(distinct network) filter (where failed)::int as failing
    from recent`;
  return row ?? { networks: 0, failing: 0 };
}

export async function errorCountsOf(sql: Queries, remote: RemoteName): Promise<ReleaseErrorCounts[]> {
  return sql<ReleaseErrorCounts[]>`
    select r.id as release_id,
           (select count(*)::int from client_errors e
             where e.release_id = r.id and e.kind = 'load' and e.created_at > now() - interval '24 hours') as load,
           (select count(*)::int from client_errors e
             where e.release_id = r.id and e.kind = 'render' and e.created_at > now() - interval '24 hours') as render,
           (select count(*)::int from release_loads l
             where l.release_id = r.id and l.created_at > now() - interval '24 hours') as loads
    from releases r where r.remote = ${remote}
    order by r.id desc limit 50`;
}

export async function recentClientErrors(sql: Queries, remote: RemoteName, limit = 20): Promise<ClientErrorReport[]> {
  const rows = await sql<(Omit<ClientErrorReport, "created_at"> & { created_at: Date })[]>`
    select e.id, e.remote, r.version, e.kind, e.route, e.message, e.browser, e.ticketed, e.created_at
    from client_errors e left join releases r on r.id = e.release_id
    where e.remote = ${remote} and e.created_at > now() - interval '24 hours'
    order by e.id desc limit ${limit}`;
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

/** Every active admin, for the mail about a stopped canary. */
export async function activeAdmins(sql: Queries): Promise<{ name: string; email: string }[]> {
  return sql<{ name: string; email: string }[]>`
    select name, email from users where role = 'admin' and status = 'active' order by id`;
}
