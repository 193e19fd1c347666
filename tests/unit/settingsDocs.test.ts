import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '../../src/server/config';

const root = join(import.meta.dirname, '../..');
const readmeSettings = [...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map(
  (m) => m[1],
);
const exampleSettings = [...readFileSync(join(root, '.env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map(
  (m) => m[1],
);

describe('the settings an operator reads about', () => {
  it('README lists every setting the server reads, and nothing else', () => {
    expect([...readmeSettings].sort()).toEqual([...SETTING_NAMES].sort());
  });

  it('.env.example lists every setting the README lists', () => {
    expect([...exampleSettings].sort()).toEqual([...readmeSettings].sort());
  });
});
