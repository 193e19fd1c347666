/**
 * A Markdown table (GFM), which the chat renders as a table. Cells are the analyst's own text: tool figures and
 * symbols, whose pipes are escaped so a value can never break the layout.
 */
export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`, ...rows.map(line)].join(
    '\n',
  );
}
