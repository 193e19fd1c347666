import { Text, VisuallyHidden } from '@mantine/core';
import type { EpsWords } from '../../../shared/market/eps';

const TONE_COLOR = { beat: 'green', miss: 'red', 'in line': 'dimmed' } as const;
const TONE_WORDS = { beat: 'above the estimate', miss: 'below the estimate', 'in line': 'in line with the estimate' };

/** A report's surprise, green above the estimate and red below; the words say it too (not by colour alone). */
export function EpsSurprise({ words }: { words: EpsWords }) {
  if (!words.surprise || !words.tone) return null;
  return (
    <Text span size="sm" fw={600} c={TONE_COLOR[words.tone]} data-testid="eps-surprise" data-tone={words.tone}>
      {words.surprise}
      <VisuallyHidden> {TONE_WORDS[words.tone]}</VisuallyHidden>
    </Text>
  );
}
