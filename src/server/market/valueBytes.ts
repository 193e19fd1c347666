/**
 * A rough estimate of the heap a market answer holds, for the market cache's bound in bytes (lru-cache's maxSize):
 * 8 bytes a number, two a character, tens of bytes per object or array. Rough, but it grows with what is kept, which
 * is what the bound needs: a five-year history weighs a hundred times a quote, where an entry count weighed them alike.
 * Walks the value once, allocating nothing; cycles cannot occur in answers parsed from JSON or built by the market.
 */
export function valueBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return 32 + 2 * value.length;
    case 'object': {
      if (value === null) return 8;
      if (Array.isArray(value)) {
        let bytes = 32 + 8 * value.length;
        for (const item of value) bytes += valueBytes(item);
        return bytes;
      }
      let bytes = 32;
      for (const key in value) bytes += 16 + valueBytes((value as Record<string, unknown>)[key]);
      return bytes;
    }
    default:
      return 8;
  }
}
