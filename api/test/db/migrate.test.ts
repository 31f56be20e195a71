import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate, migrationsDir as projectMigrations } from "../../src/db/migrate.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

let db: TestDatabase;
let scratch: string;

beforeAll(async () => {
  db = await createTestDatabase();
  scratch = await mkdtemp(join(tmpdir(), "klarwerk-migrations-"));
});

afterAll(async () => {
  await db.drop();
  await rm(scratch, { recursive: true, force: true });
});

async function migrationsDir(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(scratch, name);
  await mkdir(dir, { recursive: true });
  for (const [file, sql] of Object.entries(files)) await writeFile(join(dir, file), sql);
  return dir;
}

async function tableExists(name: string): Promise<boolean> {
  const [row] = await db.sql<{ exists: boolean }[]>`select to_regclass(${name}) is not null as exists`;
  return row?.exists ?? false;
}

describe("migrate", () => {
  test("the project's migrations are recorded and running them again changes nothing", async () => {
    const recorded = await db.sql<{ version: string; name: string }[]>`
      select version, name from schema_migrations order by version`;
    expect(recorded).toContainEqual({ version: "001", name: "001_users.sql" });
    expect(await migrate(db.sql)).toEqual([]);
    expect(await migrate(db.sql)).toEqual([]);
    expect(await tableExists("users")).toBe(true);
  });

  test("two runs at once apply each migration exactly once, in order", async () => {
    const dir = await migrationsDir("concurrent", {
      "902_second.sql": "insert into migration_log (step) values ('second');",
      "901_first.sql": "create table migration_log (step text not null); insert into migration_log values ('first');",
    });
    const [a, b] = await Promise.all([migrate(db.sql, dir), migrate(db.sql, dir)]);
    expect([...a, ...b].sort()).toEqual(["901_first.sql", "902_second.sql"]);
    const steps = await db.sql<{ step: string }[]>`select step from migration_log`;
    expect(steps.map((row) => row.step)).toEqual(["first", "second"]);
    expect(await migrate(db.sql, dir)).toEqual([]);
  });

  test("a failing migration is rolled back and not recorded", async () => {
    const dir = await migrationsDir("failing", {
      "911_broken.sql": "create table half_done (id int); select 1 / 0;",
    });
    await expect(migrate(db.sql, dir)).rejects.toThrow("division by zero");
    expect(await tableExists("half_done")).toBe(false);
    const [row] = await db.sql`select 1 from schema_migrations where version = '911'`;
    expect(row).toBeUndefined();
  });

  test("a database of a newer version is refused before anything is applied; its own level is not", async () => {
    const newer = await createTestDatabase();
    try {
      const [latest] = await newer.sql<{ version: string }[]>`select max(version) as version from schema_migrations`;
      const known = latest?.version ?? "";
      expect(await migrate(newer.sql)).toEqual([]);
      const next = String(Number(known) + 1).padStart(known.length, "0");
      await newer.sql`insert into schema_migrations (version, name) values (${next}, ${`${next}_from_the_future.sql`})`;
      await expect(migrate(newer.sql)).rejects.toThrow(
        `The database is at migration ${next}, newer than this version knows (${known})`,
      );
    } finally {
      await newer.drop();
    }
  });

  test("file names must be numbered", async () => {
    const dir = await migrationsDir("misnamed", { "users.sql": "select 1;" });
    await expect(migrate(db.sql, dir)).rejects.toThrow("does not match NNN_name.sql");
  });

  test("e-mail addresses are unique regardless of case", async () => {
    await db.sql`insert into users (name, email, password_hash) values ('A', 'case@example.com', 'x')`;
    await expect(
      db.sql`insert into users (name, email, password_hash) values ('B', 'CASE@example.com', 'x')`.execute(),
    ).rejects.toThrow("users_email_key");
  });
});

describe("009 on a database in use", () => {
  test("everyone already there stays in, the earliest as admin; names are kept with what they made", async () => {
    const old = await createTestDatabase({ migrated: false });
    try {
      const before = join(scratch, "before-009");
      await mkdir(before, { recursive: true });
      for (const name of await readdir(projectMigrations)) {
        if (name < "009") await copyFile(join(projectMigrations, name), join(before, name));
      }
      await migrate(old.sql, before);
      const [first, second] = await old.sql<{ id: number }[]>`
        insert into users (name, email, password_hash, created_at) values
          ('Erste Person', 'erste@example.com', 'x', now() - interval '2 days'),
          ('Zweite Person', 'zweite@example.com', 'x', now() - interval '1 day')
        returning id`;
      await old.sql`insert into folders (name, created_by) values ('Alt', ${second?.id ?? 0})`;
      await old.sql`insert into customers (name, created_by, updated_by) values ('Alt GmbH', ${first?.id ?? 0}, ${second?.id ?? 0})`;
      await old.sql`
        insert into contact_requests (name, email, message, is_done, done_at, done_by)
        values ('Alt', 'alt@example.com', 'Hallo', true, now(), ${second?.id ?? 0})`;

      // 009 first, then whatever later migrations there are.
      expect((await migrate(old.sql))[0]).toBe("009_accounts.sql");

      expect([...(await old.sql`select name, role, status from users order by id`)]).toEqual([
        { name: "Erste Person", role: "admin", status: "active" },
        { name: "Zweite Person", role: "staff", status: "active" },
      ]);
      expect([...(await old.sql`select created_by_name from folders`)]).toEqual([{ created_by_name: "Zweite Person" }]);
      expect([...(await old.sql`select created_by_name, updated_by_name from customers`)]).toEqual([
        { created_by_name: "Erste Person", updated_by_name: "Zweite Person" },
      ]);
      expect([...(await old.sql`select done_by_name from contact_requests`)]).toEqual([
        { done_by_name: "Zweite Person" },
      ]);
      // New accounts wait, whatever a statement forgets to say.
      await old.sql`insert into users (name, email, password_hash) values ('Neu', 'neu@example.com', 'x')`;
      expect([...(await old.sql`select role, status from users where email = 'neu@example.com'`)]).toEqual([
        { role: "staff", status: "pending" },
      ]);
      await expect(old.sql`update users set role = 'boss'`.execute()).rejects.toThrow("users_role_known");
    } finally {
      await old.drop();
    }
  });
});
