// What the operator's commands (`bun run verify-blobs`, `backup`, `restore-drill`) share: the
// API's configuration from the environment and its database, migrated; exit code 2 when either
// cannot be had, with the reason (in German, as all their output: command-line.ts).
import { type Config, checkBlobStore, loadConfig, type ResolvedConfig, resolveJwtSecret } from "./config.ts";
import { migrate } from "./db/migrate.ts";
import { type Database, openDatabase } from "./db/open.ts";
import { closePrivateFolders } from "./lib/private-files.ts";
import { privateFolders } from "./private-folders.ts";

/**
 * The configuration from the environment, the bucket (if any) reached; else the reason and exit
 * code 2. `DATA_DIR` and `BACKUP_DIR` are closed to other accounts first, as the API does.
 */
export async function loadCommandConfig(): Promise<Config> {
  try {
    const config = loadConfig(process.env);
    await checkBlobStore(config);
    closePrivateFolders(privateFolders(config), console.log, console.warn);
    return config;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}

/**
 * `whileApiRuns`: what the API does by itself, said when the embedded database is taken (a German
 * clause after „Solange die API läuft, “).
 */
export async function openCommandDatabase(whileApiRuns: string): Promise<{ config: Config; db: Database }> {
  const config = await loadCommandConfig();
  const db = await openDatabase(config).catch((error: unknown) => {
    console.error("Die Datenbank ließ sich nicht öffnen:", error instanceof Error ? error.message : error);
    if (!config.databaseUrl) {
      console.error(`(Die eingebettete Datenbank dient einem Prozess: Solange die API läuft, ${whileApiRuns}.)`);
    }
    process.exit(2);
  });
  try {
    await migrate(db.sql);
  } catch (error) {
    console.error("Die Datenbank ließ sich nicht migrieren:", error instanceof Error ? error.message : error);
    await db.close();
    process.exit(2);
  }
  return { config, db };
}

/**
 * The configuration with its JWT secret as the API resolves it (`JWT_SECRET`, else
 * `DATA_DIR/jwt-secret`): the backup key derives from it unless `BACKUP_KEY` is set. Else the
 * reason and exit code 2 (`db`, when open, closed first).
 */
export async function withJwtSecret(config: Config, db?: Database): Promise<ResolvedConfig> {
  try {
    return await resolveJwtSecret(config);
  } catch (error) {
    console.error(
      "Der Schlüssel der Sicherungen ließ sich nicht bestimmen:",
      error instanceof Error ? error.message : error,
    );
    await db?.close();
    process.exit(2);
  }
}
