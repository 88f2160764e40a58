/**
 * The answer of a Redis call, or an error once `ms` have passed without one: a Redis that hangs (paused, a
 * network partition TCP has not noticed) must not hold a request open.
 *
 * When the timer fires the answer may already be waiting in the socket: on an overloaded process timers
 * run before I/O in an event-loop turn, so a deadline checked at once would fail a call Redis did answer in
 * time. The deadline gets one I/O phase (setImmediate) to let that answer in first.
 */
export function answerWithin<T>(pending: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          settled = true;
          reject(new Error(`${what}: no answer within ${ms} ms`));
        }),
      ms,
    );
    pending.then(
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
        reject(error);
      },
    );
  });
}
