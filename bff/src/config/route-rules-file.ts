import { readFileSync } from 'node:fs';
import { type RouteRules, routeRulesFile } from '@evt/contracts/route-rules';

/**
 * ROUTE_RULES_FILE read and checked at boot: the rules, or one problem line per fault (a missing file,
 * bad JSON, an unsafe redirect target...), each naming the file and the rule, for ConfigError.
 */
export function readRouteRules(file: string): { rules: RouteRules } | { problems: string[] } {
  const where = `ROUTE_RULES_FILE: ${file}`;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    return { problems: [`${where}: cannot be read (${code})`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problems: [`${where}: not JSON (${(error as Error).message})`] };
  }
  const parsed = routeRulesFile.safeParse(json);
  if (parsed.success) return { rules: parsed.data.rules };
  return {
    problems: parsed.error.issues.map((issue) => {
      const path = issue.path.map((part) =>
        typeof part === 'number' ? `[${part}]` : `[${JSON.stringify(part)}]`,
      );
      const at = path.length ? ` at ${path.join('')}` : '';
      // a bad key: zod nests the key schema's own message
      const message =
        issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message;
      return `${where}${at}: ${message}`;
    }),
  };
}
