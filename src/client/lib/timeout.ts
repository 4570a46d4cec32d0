/**
 * The promise's result, or `onTimeout()`'s after `ms` (its value, or the error it throws), whichever comes
 * first. The timer is cleared either way, so nothing outlives the race.
 */
export function withTimeout<T, F = never>(
  promise: Promise<T>,
  ms: number,
  onTimeout: () => F,
): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<F>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(onTimeout());
      } catch (error) {
        reject(error);
      }
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
