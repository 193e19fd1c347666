import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatAsOf, toolWord } from '../../../shared/chat/sources';
import type { AnnotatedFigure } from '../../../shared/chat/types';
import classes from './AgentChat.module.css';

/**
 * Prices, percentages, magnitudes and decimals get a chip; bare whole numbers (the 50 of '50-day', a count of
 * signals) are parameters more than data, and a chip on each would drown the text: they keep the tooltip.
 */
function isMeasure(text: string): boolean {
  return /[$%.]|\d\s?[TBMK]\b|illion|thousand|percent/.test(text);
}

/**
 * A figure of an answer. Verified prices, percentages and other measures carry a source chip (tool, label and as-of time in its tooltip); verified
 * tickers and dates show the same in a tooltip; unverified figures are marked with a warning.
 */
export function FigureMark({ figure, children }: { figure: AnnotatedFigure; children: ReactNode }) {
  if (!figure.verified || !figure.source) {
    return (
      <Tooltip label="Unverified: this figure is not in the data the agent looked up for this answer." multiline w={240} withArrow>
        <span className={classes.unverified} tabIndex={0} data-testid="unverified-figure" data-kind={figure.kind}>
          {children}
          <IconAlertTriangle size={12} className={classes.warnIcon} aria-label="unverified" />
        </span>
      </Tooltip>
    );
  }
  const { source } = figure;
  const detail = `${source.derivedFrom ? `Derived: ${source.derivedFrom}` : source.label} · ${source.tool} · ${source.provider} · as of ${formatAsOf(source.asOf)}`;
  return (
    <Tooltip label={detail} multiline w={260} withArrow>
      <span className={classes.verified} tabIndex={0} data-testid="verified-figure" data-kind={figure.kind}>
        {children}
        {figure.kind === 'number' && isMeasure(figure.text) && (
          <Badge component="span" size="xs" radius="sm" variant="light" color="teal" className={classes.chip} data-testid="source-chip">
            {source.derivedFrom ? 'derived' : toolWord(source.tool)}
          </Badge>
        )}
      </span>
    </Tooltip>
  );
}
