import { ActionIcon, Group } from '@mantine/core';
import { IconArrowBackUp, IconEraser, IconTrash } from '@tabler/icons-react';
import type { ComponentType, RefObject } from 'react';
import { Hint } from '../../components/Hint';
import type { LinesState } from '../chart/drawnLines';
import type { PriceChartHandle } from '../chart/PriceChart';

/** The drawn lines' undo, delete selected and clear all, beside the chart's own tools (see ChartControls). */
export function DrawnLinesControls({ lines, chart }: { lines: LinesState; chart: RefObject<PriceChartHandle | null> }) {
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label="Drawn lines">
      <LineTool
        hint="Undo (Ctrl+Z)"
        label="Undo"
        Icon={IconArrowBackUp}
        disabled={!lines.canUndo}
        onClick={() => chart.current?.undoLine()}
      />
      <LineTool
        hint="Delete the selected line (Delete)"
        label="Delete selected line"
        Icon={IconTrash}
        disabled={lines.selected < 0}
        onClick={() => chart.current?.deleteSelectedLine()}
      />
      <LineTool
        hint="Clear all lines"
        label="Clear all lines"
        Icon={IconEraser}
        disabled={lines.count === 0}
        onClick={() => chart.current?.clearLines()}
      />
    </Group>
  );
}

function LineTool(props: {
  hint: string;
  label: string;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  disabled: boolean;
  onClick: () => void;
}) {
  const { Icon } = props;
  return (
    <Hint label={props.hint}>
      <ActionIcon
        variant="default"
        size="sm"
        aria-label={props.label}
        disabled={props.disabled}
        onClick={props.onClick}
      >
        <Icon size={15} aria-hidden />
      </ActionIcon>
    </Hint>
  );
}
