import { Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatAsOf } from '../../../shared/chat/sources';
import type { AnnotatedFigure } from '../../../shared/chat/types';
import classes from './AgentChat.module.css';

/** Hover, keyboard focus and a tap all open a figure's source: phones have no hover. */
const OPEN_ON = { hover: true, focus: true, touch: true };

/**
 * A figure of an answer. A verified figure is marked subtly (a dotted underline) with its source (tool, label and
 * as-of time) on hover or tap; the answer's sources footer lists the sources once, so the text carries no badge
 * after every number. Unverified figures are marked with a warning.
 */
export function FigureMark({ figure, children }: { figure: AnnotatedFigure; children: ReactNode }) {
  if (!figure.verified || !figure.source) {
    return (
      <Tooltip
        label="Unverified: this figure is not in the data the agent looked up for this answer."
        multiline
        w={240}
        withArrow
        events={OPEN_ON}
      >
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
    <Tooltip label={detail} multiline w={260} withArrow events={OPEN_ON}>
      <span
        className={classes.verified}
        tabIndex={0}
        data-testid="verified-figure"
        data-kind={figure.kind}
        aria-description={detail}
      >
        {children}
      </span>
    </Tooltip>
  );
}
