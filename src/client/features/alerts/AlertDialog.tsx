import { Group, Modal, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { hasLevel, type AlertCondition, type AlertFrequency } from '../../../shared/alerts/conditions';
import { MAX_NOTE_LENGTH } from '../../../shared/alerts/limits';
import type { Alert } from '../../../shared/alerts/types';
import { DialogActions } from '../../components/DialogActions';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import {
  alertInput,
  CONDITION_OPTIONS,
  emptyForm,
  formOf,
  FREQUENCY_OPTIONS,
  levelLabel,
  validateAlertForm,
  type AlertFormValues,
} from './alertForm';

export interface AlertDialogProps {
  opened: boolean;
  onClose: () => void;
  /** A new alert on this symbol... */
  symbol: string;
  /** ...at this level (a line dragged on the chart, or the last price), and with this condition. */
  level?: number;
  condition?: AlertCondition;
  /** Or an existing alert to edit. */
  alert?: Alert;
}

/**
 * Creating or editing a price alert (issue 30 §2): condition, level, frequency (every time with a least interval),
 * expiry and note. Opened with fresh fields each time; the server's refusal (a limit, a level it does not accept) is
 * shown in the dialog, which stays open.
 */
export function AlertDialog(props: AlertDialogProps) {
  const title = props.alert ? `Edit alert on ${props.alert.symbol}` : `New alert on ${props.symbol}`;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} centered radius="lg">
      {/* Mounted while open only: each opening starts from the alert or the level it was opened with. */}
      {props.opened && <AlertForm {...props} />}
    </Modal>
  );
}

function AlertForm({ onClose, symbol, level, condition, alert }: AlertDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<AlertFormValues>({
    initialValues: alert ? formOf(alert) : { ...emptyForm(symbol, level), ...(condition ? { condition } : {}) },
    validate: (values) => validateAlertForm(values),
  });
  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: trpc.alerts.list.queryKey() });
    if (alert) void queryClient.invalidateQueries({ queryKey: trpc.alerts.history.queryKey({ id: alert.id }) });
    void toast({ title: message, description: 'It is checked on every live price.' });
    onClose();
  };
  const onError = (error: unknown) => setServerError(errorBodyOf(error).message || 'The alert could not be saved.');
  const create = useMutation(trpc.alerts.create.mutationOptions({ onSuccess: () => done('Alert created'), onError }));
  const update = useMutation(trpc.alerts.update.mutationOptions({ onSuccess: () => done('Alert saved'), onError }));
  const pending = create.isPending || update.isPending;

  const submit = (values: AlertFormValues) => {
    setServerError(null);
    const input = alertInput(values);
    if (alert) update.mutate({ ...input, id: alert.id, active: true });
    else create.mutate(input);
  };

  const values = form.getValues();
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="alert-form">
      <Stack gap="sm">
        <Select
          label="Condition"
          data={CONDITION_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('condition')}
          onChange={(value: string | null) => {
            if (value) form.setFieldValue('condition', value as AlertCondition);
          }}
        />
        {hasLevel(values.condition) ? (
          <NumberInput
            label={levelLabel(values.condition)}
            decimalScale={4}
            hideControls
            required
            data-autofocus
            {...form.getInputProps('level')}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Fires when the 20-day moving average crosses the 50-day one (daily closes).
          </Text>
        )}
        <Group grow align="flex-start" gap="sm">
          <Select
            label="Frequency"
            data={FREQUENCY_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('frequency')}
            onChange={(value: string | null) => {
              if (value) form.setFieldValue('frequency', value as AlertFrequency);
            }}
          />
          {values.frequency === 'throttle' && (
            <NumberInput
              label="At most every (minutes)"
              min={1}
              allowDecimal={false}
              {...form.getInputProps('intervalMinutes')}
            />
          )}
        </Group>
        <TextInput
          type="datetime-local"
          label="Expires"
          description="Leave empty to keep it until it fires or you delete it."
          {...form.getInputProps('expires')}
        />
        <Textarea
          label="Note"
          description="Sent with the alert."
          autosize
          minRows={2}
          maxLength={MAX_NOTE_LENGTH}
          {...form.getInputProps('note')}
        />
        {serverError && (
          <Text size="sm" c="red" role="alert" data-testid="alert-form-error">
            {serverError}
          </Text>
        )}
        <DialogActions onCancel={onClose} loading={pending}>
          {alert ? 'Save alert' : 'Create alert'}
        </DialogActions>
      </Stack>
    </form>
  );
}
