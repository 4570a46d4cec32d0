/**
 * A path without its trailing slashes ("/" stays "/"). A loop, not `/\/+$/`: that pattern retries from every
 * slash of a long run, quadratic in the run's length (16,000 slashes held the server for 0.39 s).
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end--;
  return end === 0 ? "/" : path.slice(0, end);
}
