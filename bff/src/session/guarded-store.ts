import { answerWithin } from './answer-within';
import type { BackingStore } from './backing-store';

/**
 * A backing store whose every call fails after `timeoutMs` at most: with the offline queue off a command
 * fails at once while Redis is disconnected, but a Redis that hangs (paused, network partition not yet
 * noticed by TCP) would otherwise hold requests open. Each failure is counted.
 */
export function guardedStore(
  backing: BackingStore,
  timeoutMs: number,
  onError: (operation: string) => void,
): BackingStore {
  const guard =
    <A extends unknown[], R>(operation: string, run: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      answerWithin(run(...args), timeoutMs, `session store ${operation}`).catch((error: unknown) => {
        onError(operation);
        throw error;
      });
  return {
    get: guard('get', (sid) => backing.get(sid)),
    ttlMs: guard('ttl', (sid) => backing.ttlMs(sid)),
    set: guard('set', (sid, data) => backing.set(sid, data)),
    patch: guard('patch', (sid, changes, removed) => backing.patch(sid, changes, removed)),
    touch: guard('touch', (sid, data) => backing.touch(sid, data)),
    destroy: guard('destroy', (sid) => backing.destroy(sid)),
  };
}
