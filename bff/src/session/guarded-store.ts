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
      new Promise<R>((resolve, reject) => {
        let settled = false;
        // setImmediate: on an overloaded process the answer may already wait in the socket when the timer
        // fires (timers run before I/O in an event loop turn); it gets one I/O phase to arrive first
        const timer = setTimeout(
          () =>
            setImmediate(() => {
              if (settled) return;
              settled = true;
              onError(operation);
              reject(new Error(`session store ${operation}: no answer within ${timeoutMs} ms`));
            }),
          timeoutMs,
        );
        run(...args).then(
          (value) => {
            clearTimeout(timer);
            if (settled) return;
            settled = true;
            resolve(value);
          },
          (error: unknown) => {
            clearTimeout(timer);
            if (settled) return;
            settled = true;
            onError(operation);
            reject(error);
          },
        );
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
