import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './db';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/**
 * Migrations renamed to say what they do (they were named after the batch that wrote them): a database
 * that applied one under its old name keeps it applied under the new one, never runs it twice.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  '050_b2bp_console_keys.sql': '050_b2b_console_keys.sql',
  '050_badgesend_badge_sends.sql': '050_badge_sends.sql',
  '050_me_event_translations.sql': '050_event_translations.sql',
  '050_req_info_requests.sql': '050_info_requests.sql',
  '050_tg_telegram.sql': '050_telegram_links.sql',
};

/**
 * Applies, in name order, every `NNN_name.sql` not yet recorded in schema_migrations, all in one
 * transaction: a failed migration leaves the database as it was.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const sources = await Promise.all(files.map((f) => readFile(new URL(f, MIGRATIONS_DIR), 'utf8')));
  return db.transaction(async (tx) => {
    // Servers starting together on one PostgreSQL database wait for each other here; even
    // CREATE TABLE IF NOT EXISTS races without it.
    if (db.kind === 'pg') await tx.query('SELECT pg_advisory_xact_lock(724100)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const [old, name] of Object.entries(RENAMED_MIGRATIONS))
      await tx.query('UPDATE schema_migrations SET name = $2 WHERE name = $1', [old, name]);
    const seen = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const [index, file] of files.entries()) {
      if (seen.has(file)) continue;
      for (const statement of splitStatements(sources[index] ?? '')) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}

/** Our migrations hold no functions or quoted semicolons, so `;` at a line end separates statements. */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}
