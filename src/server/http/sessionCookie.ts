/**
 * Reading the session cookie out of a Cookie header. Anything unreadable (bad percent-encoding such as `%E0%A4%A`,
 * a value no session id could have) means "no session": the caller is a signed-out visitor, never a 500.
 */

/** Lucia's ids are 40 lower-case base32 characters; allow some room, but nothing a database lookup could choke on. */
const SESSION_ID_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;

export function readSessionId(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    return SESSION_ID_SHAPE.test(value) ? value : null;
  }
  return null;
}

/** The cookie's name in a serialized Set-Cookie line ("name=value; Path=/..." -> "name"). */
export function setCookieName(line: string): string {
  const eq = line.indexOf('=');
  return (eq < 0 ? line : line.slice(0, eq)).trim();
}
