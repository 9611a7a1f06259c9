/**
 * `work`, or a rejection with `timeoutError()` once `ms` have passed, whichever comes first. The timer is cleared
 * as soon as either settles and never keeps the process alive.
 */
export function within<T>(
  work: Promise<T>,
  ms: number,
  timeoutError: () => Error = () => new Error(`no answer within ${ms} ms`),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
