import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { trainingExamples } from './training';

/** The code a model's weights depend on besides the paraphrases: features, training, slots. */
const CODE = ['features.ts', 'logistic.ts', 'grammar.ts', 'slots.ts', 'labels.ts', 'training.ts', 'train.ts'];

/**
 * What the generated model was made from: every training example and the code that turns them into weights. The
 * generator stores it; the up-to-date test recomputes it (only they read source files; the server never does).
 */
export function intentSourceHash(): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(trainingExamples()));
  for (const file of CODE) hash.update(readFileSync(join(import.meta.dirname, file), 'utf8'));
  return hash.digest('hex');
}
