import type { Selection, User } from '@evt/contracts/auth';
import type { SessionData } from 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** ms since epoch; the absolute timeout counts from here */
    createdAt: number;
    /** the upstream's bearer token: never leaves the server */
    auth: { accessToken: string; accessTokenExpiresAt: number; user: User };
    selection: Selection;
    /** `organization:1` / `event:3` -> when the user's membership was checked, and until when it is trusted (ms) */
    memberships: Record<string, { at: number; until: number }>;
  }
}

export type StoredSession = Partial<SessionData>;

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
}

/** Seconds the store should keep the session: the idle timeout, capped by what is left of the absolute one. */
export function storeTtlSeconds(data: StoredSession, timeouts: SessionTimeouts, now = Date.now()): number {
  const idle = Math.ceil(timeouts.idleMs / 1000);
  if (typeof data.createdAt !== 'number') return idle;
  const left = Math.ceil((data.createdAt + timeouts.absoluteMs - now) / 1000);
  return Math.min(idle, left);
}

/** Whether a stored session may still be used (absolute timeout and upstream token expiry). */
export function sessionUsable(data: StoredSession, timeouts: SessionTimeouts, now = Date.now()): boolean {
  if (typeof data.createdAt !== 'number' || now >= data.createdAt + timeouts.absoluteMs) return false;
  if (data.auth && now >= data.auth.accessTokenExpiresAt) return false;
  return true;
}
