/**
 * Tests on the shared PostgreSQL server: whether it answers (tests skip, not fail, without it), and the
 * databases they make there: private ones, and copies of the run's seeded template (test-global-setup.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `use` with the address of a private database on the shared server, created for it and dropped
 * afterwards (its connections closed by force), whatever `use` does.
 */
export async function withPrivateDatabase<T>(use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const url = databaseUrlOf(await createTestDatabase());
  try {
    return await use(url);
  } finally {
    await dropTestDatabase(url);
  }
}

/** The address of database `name` on the shared server. */
export function databaseUrlOf(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function asAdmin<T>(use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

/** A new empty database on the shared server whose name starts with `prefix`; its name. */
export async function createTestDatabase(prefix = 'upstream_test'): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  return name;
}

/**
 * A copy of `template` (a file-level copy: a tenth of a second where migrating and seeding take seconds),
 * named after it, with commits not waiting for the disk (a test database is thrown away). Its address.
 */
export async function copyTestDatabase(template: string): Promise<string> {
  const name = `${template}_copy_${randomBytes(6).toString('hex')}`;
  await asAdmin(async (admin) => {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  return databaseUrlOf(name);
}

/** Drops the database at `url` (made by `copyTestDatabase` or `createTestDatabase`), closing its connections. */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`not a test database: ${name}`);
  await asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Drops `name` and every database named after it (its copies), whatever a crashed test left behind. */
export async function dropTestDatabases(name: string): Promise<void> {
  await asAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $1 || '_copy_')",
      [name],
    );
    // the copies first: a template with a copy being made from it cannot be dropped
    for (const { datname } of rows.sort((a, b) => b.datname.length - a.datname.length))
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}
