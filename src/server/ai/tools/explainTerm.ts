import { z } from 'zod';
import { userText } from '../../../shared/schemas/text';
import { findGlossaryEntry, GLOSSARY } from './glossary';
import { defineTool, ToolFailure } from './types';

/** explain_term(term): a plain-language definition from Tickwise's glossary (and how Tickwise uses the term). */
export const explainTermTool = defineTool({
  name: 'explain_term',
  description:
    'Plain-language definition of an investing term from Tickwise’s glossary, and how Tickwise uses it. Pass the ' +
    `glossary's name for it: ${GLOSSARY.map((e) => e.term).join(', ')}.`,
  input: z.object({
    term: userText().trim().min(1, 'term must not be empty').max(64, 'term must be at most 64 characters'),
  }),
  progress: ({ term }) => `Looking up "${term}" in the glossary…`,
  // Synchronous lookup; the answer and the failure still arrive as a promise, as for every tool.
  run({ term }, { deps }) {
    const entry = findGlossaryEntry(term);
    if (!entry) {
      return Promise.reject(
        new ToolFailure(`"${term}" is not in the glossary. Known terms: ${GLOSSARY.map((e) => e.term).join(', ')}.`),
      );
    }
    return Promise.resolve({
      data: {
        term: entry.term,
        definition: entry.definition,
        ...(entry.inTickwise ? { inTickwise: entry.inTickwise } : {}),
      },
      source: { provider: 'glossary', simulated: false, label: 'Tickwise glossary' },
      asOf: deps.now(),
      subject: entry.term,
    });
  },
});
