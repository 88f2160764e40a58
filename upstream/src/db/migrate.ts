import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './db';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/** Applies, in name order, every `NNN_name.sql` not yet recorded in schema_migrations. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
    const done = await db.transaction(async (tx) => {
      // Two servers starting on one PostgreSQL database must not apply a migration twice.
      if (db.kind === 'pg') await tx.query('SELECT pg_advisory_xact_lock(724100)');
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (seen.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

/** Our migrations hold no functions or quoted semicolons, so `;` at a line end separates statements. */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}
