/**
 * Usernames are derived from the email's local part ("Ann.Lee+news@x.io" -> "ann.lee"), made unique with a
 * number ("ann.lee2"). Users never type one, so it only has to be readable and stable.
 */

const MAX_BASE_LENGTH = 24;

export function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const withoutTag = local.split('+')[0];
  const cleaned = withoutTag
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/[._-]+$/g, '');
  return cleaned || 'user';
}

/** The base itself when free, else the base with the smallest number from 2 up that nobody has. */
export function firstFreeUsername(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
