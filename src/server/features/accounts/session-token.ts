/** Better Auth's session cookie (cookiePrefix "greenscape" in auth.ts); `__Secure-` in front under HTTPS. */
export const SESSION_COOKIE = "greenscape.session_token";

/**
 * The session token from a Cookie header: Better Auth's signed `token.signature` value, under the one name it
 * reads (`__Secure-` in production). A header naming it twice is not cached: the key must be what was verified.
 */
export function sessionTokenOf(cookieHeader: string | undefined, secure: boolean): string | undefined {
  if (!cookieHeader || cookieHeader.length > 8_192) return undefined;
  const wanted = secure ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
  let found: string | undefined;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== wanted) continue;
    if (found !== undefined) return undefined;
    found = part.slice(index + 1).trim();
  }
  return found && found.length <= 512 ? found : undefined;
}
