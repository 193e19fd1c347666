import type { ZodError } from 'zod';

/** Zod issues as one readable sentence, e.g. "email: Invalid email address". */
export function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}
