/**
 * A tool's progress line in the tense of its state: 'Looking up AAPL…' while it runs, 'Looked up AAPL' once done,
 * so a finished answer does not look as if it were still working.
 */

const PAST: [RegExp, string][] = [
  [/^Looking up\b/, 'Looked up'],
  [/^Analysing\b/, 'Analysed'],
  [/^Reading\b/, 'Read'],
  [/^Comparing\b/, 'Compared'],
  [/^Building\b/, 'Built'],
  [/^Searching\b/, 'Searched'],
  [/^Scanning\b/, 'Scanned'],
  [/^Calling\b/, 'Called'],
];

export function progressLabel(label: string, status: 'running' | 'done' | 'error'): string {
  if (status === 'running') return label;
  const done = label.replace(/…$/, '');
  if (status === 'error') return done;
  for (const [verb, past] of PAST) if (verb.test(done)) return done.replace(verb, past);
  return done;
}
