import { ActionIcon, Group } from '@mantine/core';
import { IconArrowBackUp, IconEraser, IconTrash } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { Hint } from '../../components/Hint';
import type { LinesState } from '../chart/drawnLines';
import type { PriceChartHandle } from '../chart/PriceChart';

/** The drawn lines' undo, delete selected and clear all, beside the chart's own tools (see ChartControls). */
export function DrawnLinesControls({ lines, chart }: { lines: LinesState; chart: RefObject<PriceChartHandle | null> }) {
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label="Drawn lines">
      <Hint label="Undo (Ctrl+Z)">
        <ActionIcon
          variant="default"
          size="sm"
          aria-label="Undo"
          disabled={!lines.canUndo}
          onClick={() => chart.current?.undoLine()}
        >
          <IconArrowBackUp size={15} aria-hidden />
        </ActionIcon>
      </Hint>
      <Hint label="Delete the selected line (Delete)">
        <ActionIcon
          variant="default"
          size="sm"
          aria-label="Delete selected line"
          disabled={lines.selected < 0}
          onClick={() => chart.current?.deleteSelectedLine()}
        >
          <IconTrash size={15} aria-hidden />
        </ActionIcon>
      </Hint>
      <Hint label="Clear all lines">
        <ActionIcon
          variant="default"
          size="sm"
          aria-label="Clear all lines"
          disabled={lines.count === 0}
          onClick={() => chart.current?.clearLines()}
        >
          <IconEraser size={15} aria-hidden />
        </ActionIcon>
      </Hint>
    </Group>
  );
}
