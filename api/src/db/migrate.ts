import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { TransactionSql } from "postgres";
import type { Sql } from "./open.ts";

/** `api/migrations`: numbered files such as `001_users.sql`, applied in order. */
export const migrationsDir = join(import.meta.dir, "../../migrations");

const migrationFile = /^(\d{3,})_[a-z0-9_-]+\.sql$/;

interface Migration {
  version: string;
  name: string;
  path: string;
}

async function listMigrations(dir: string): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(".sql")).sort();
  const seen = new Set<string>();
  return names.map((name) => {
    const match = migrationFile.exec(name);
    if (!match?.[1]) throw new Error(`Migration file name "${name}" does not match NNN_name.sql.`);
    const version = match[1];
    if (seen.has(version)) throw new Error(`Two migrations share the number ${version}.`);
    seen.add(version);
    return { version, name, path: join(dir, name) };
  });
}

/** The newest migration this code knows, e.g. `016`: a database or a set beyond it is from a newer version. */
export async function latestMigrationLevel(dir: string = migrationsDir): Promise<string> {
  return (await listMigrations(dir)).at(-1)?.version ?? "000";
}

/** Held until the transaction ends; every process migrating this database takes the same one. */
async function lockMigrations(tx: TransactionSql): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext('klarwerk.schema_migrations'))`;
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction.
 * Every transaction first takes the same advisory lock, so two processes starting at once apply
 * each migration exactly once: the second waits, then sees it recorded. Returns the names applied.
 */
export async function migrate(sql: Sql, dir: string = migrationsDir): Promise<string[]> {
  const migrations = await listMigrations(dir);
  // The lock is taken before CREATE TABLE too: concurrent CREATE TABLE IF NOT EXISTS can fail.
  await sql.begin(async (tx) => {
    await lockMigrations(tx);
    await tx`
      create table if not exists schema_migrations (
        version text primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`;
  });
  // Code older than its database would run on a schema it does not know (and answer 500s): it
  // stops here instead, naming both levels.
  const [recorded] = await sql<{ version: string | null }[]>`select max(version) as version from schema_migrations`;
  const known = migrations.at(-1)?.version ?? "000";
  if (recorded?.version && Number(recorded.version) > Number(known)) {
    throw new Error(
      `The database is at migration ${recorded.version}, newer than this version knows (${known}): ` +
        "run the version that migrated it, or restore a set of this version's level.",
    );
  }
  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await sql.begin(async (tx) => {
      await lockMigrations(tx);
      const [done] = await tx`select 1 from schema_migrations where version = ${migration.version}`;
      if (done) return false;
      // Without parameters postgres.js uses the simple protocol: a file may hold many statements.
      await tx.unsafe(await Bun.file(migration.path).text());
      await tx`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`;
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  return applied;
}
