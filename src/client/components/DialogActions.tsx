import { Button, Group, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  onCancel: () => void;
  /** The submit button's text. */
  children: ReactNode;
  disabled?: boolean;
  loading?: boolean;
  color?: ButtonProps['color'];
}

/** A form dialog's footer: Cancel, then the submit button, on the right. */
export function DialogActions({ onCancel, children, disabled, loading, color }: Props) {
  return (
    <Group justify="flex-end" mt="xs">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" color={color} disabled={disabled} loading={loading}>
        {children}
      </Button>
    </Group>
  );
}
