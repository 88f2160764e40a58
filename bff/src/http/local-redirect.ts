import { safeReturnPath } from '@evt/contracts/access';
import type { Response } from 'express';

/**
 * Every redirect of the BFF to one of its own pages goes through here: the target is decided by the
 * product's one return-path check (normalised, then kept local), so no rule, callback or link can answer
 * `Location: //host` or `/\host`. Answers false (nothing sent) when the target is not a safe local path
 * and there is no fallback.
 */
export function redirectLocal(res: Response, status: number, target: string, fallback = ''): boolean {
  const location = safeReturnPath(target, fallback);
  if (!location) return false;
  res.redirect(status, location);
  return true;
}
