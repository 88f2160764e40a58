import { errorCode } from '@evt/contracts/errors';
import { HttpError } from './http-error';

/**
 * Query strings the BFF accepts: one value per key, plain keys, at most this many parameters. Parsers
 * disagree on everything beyond that (Node's querystring and qs stop reading after 1,000 pairs, qs builds
 * arrays from `id[]=` and repeats, some servers split on `;`), and a check made on one reading while the
 * upstream acts on another is how a foreign id once passed the membership check. So an
 * ambiguous query is refused, and what goes upstream is rebuilt from the validated values
 * (`serializeQuery`), never the raw string.
 */
export const MAX_QUERY_PARAMETERS = 64;
const KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export type FlatQuery = Record<string, string>;

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The query (with or without its `?`) as one string per key, or the reason it is refused. */
export function parseStrictQuery(
  raw: string,
): { ok: true; query: FlatQuery } | { ok: false; reason: string } {
  const text = raw.startsWith('?') ? raw.slice(1) : raw;
  const query: FlatQuery = {};
  if (text.length === 0) return { ok: true, query };
  if (text.includes(';')) return { ok: false, reason: 'separator' };
  const pairs = text.split('&');
  if (pairs.length > MAX_QUERY_PARAMETERS) return { ok: false, reason: 'too-many' };
  for (const pair of pairs) {
    if (pair.length === 0) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = decode(eq < 0 ? '' : pair.slice(eq + 1));
    if (key === null || value === null) return { ok: false, reason: 'encoding' };
    if (!KEY.test(key)) return { ok: false, reason: 'key' };
    if (Object.hasOwn(query, key)) return { ok: false, reason: 'repeated' };
    query[key] = value;
  }
  return { ok: true, query };
}

/** parseStrictQuery, throwing 400 errors.ambiguousQuery when refused. */
export function strictQueryOf(raw: string): FlatQuery {
  const parsed = parseStrictQuery(raw);
  if (!parsed.ok) throw new HttpError(400, errorCode.ambiguousQuery);
  return parsed.query;
}

/** The query part of a request URL (`?…`), or ''. */
export function rawQueryOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? '' : url.slice(q);
}

/**
 * A validated query object as the string that goes upstream (`?a=1&b=2`, or '' when empty): scalars as
 * text, arrays comma-joined (the contracts' list parameters, e.g. `kind=a,b`), absent values left out.
 */
export function serializeQuery(values: unknown): string {
  if (values === null || values === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.map(String).join(','));
    } else if (typeof value === 'object') {
      throw new TypeError(`query parameter ${key} is not a scalar`);
    } else {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
