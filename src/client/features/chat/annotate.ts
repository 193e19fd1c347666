import type { AnnotatedFigure } from '../../../shared/chat/types';

/** Link targets that stand for figure number n; never a real URL. */
export const FIGURE_HREF = '#figure-';

/**
 * Wraps each figure of an answer in a markdown link to '#figure-n', so the markdown renderer hands it to the figure
 * component with its source mark or warning. Figures inside code or inside an existing link are left as they are.
 */
export function annotateFigures(content: string, figures: readonly AnnotatedFigure[]): string {
  const shielded = [...content.matchAll(/```[\s\S]*?```|`[^`\n]*`|\[[^\]\n]*\]\([^)\s]*\)/g)].map((m) => [
    m.index,
    m.index + m[0].length,
  ]);
  const inside = (f: AnnotatedFigure) => shielded.some(([start, end]) => f.start < end && f.end > start);
  let out = '';
  let at = 0;
  figures.forEach((figure, i) => {
    if (
      figure.start < at ||
      figure.end > content.length ||
      content.slice(figure.start, figure.end) !== figure.text ||
      inside(figure)
    )
      return;
    out += `${content.slice(at, figure.start)}[${figure.text.replace(/([[\]\\])/g, '\\$1')}](${FIGURE_HREF}${i})`;
    at = figure.end;
  });
  return out + content.slice(at);
}
