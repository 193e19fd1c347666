import { Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PORTFOLIO_CURRENCIES } from '../../../../shared/market/currency';
import { MIN_ACTIVITY_DATE } from '../../../../shared/portfolio/ledger/days';
import { ACTIVITY_TYPES, type Activity } from '../../../../shared/portfolio/ledger/types';
import { DialogActions } from '../../../components/DialogActions';
import { errorBodyOf } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import {
  currencyOf,
  emptyValues,
  fieldErrors,
  FIELDS_OF,
  inputOf,
  labelOf,
  MONEY_FIELDS,
  valuesOf,
  type ActivityField,
  type ActivityFormValues,
} from './activityFields';
import { ACTIVITY_LABELS } from './ledgerText';
import { todayLocal } from './ledgerFormat';
import { useRefreshLedger } from './useLedgerData';

interface Props {
  portfolioId: string;
  /** The portfolio's base currency: what cash is recorded in unless another currency is picked. */
  baseCurrency: string;
  /** 'new' opens an empty form; an activity opens it for editing; null keeps it closed. */
  editing: Activity | 'new' | null;
  onClose: () => void;
}

const DESCRIPTIONS: Partial<Record<ActivityField, string>> = {
  fee: 'Optional. A buy’s fee is added to its cost; a sell’s is taken from its proceeds.',
  ratio: 'New shares : old shares, e.g. 4:1',
};

/** The add / edit form: the fields follow the type. The server checks it against the ledger before writing. */
export function ActivityFormDialog({ portfolioId, baseCurrency, editing, onClose }: Props) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' || editing === null ? 'Add activity' : 'Edit activity'}
      centered
    >
      {/* Mounted afresh per opening, so the fields start from the activity (or empty). */}
      {editing !== null && (
        <ActivityForm portfolioId={portfolioId} baseCurrency={baseCurrency} editing={editing} onClose={onClose} />
      )}
    </Modal>
  );
}

function ActivityForm({
  portfolioId,
  baseCurrency,
  editing,
  onClose,
}: {
  portfolioId: string;
  baseCurrency: string;
  editing: Activity | 'new';
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshLedger();
  const today = todayLocal();
  const [values, setValues] = useState<ActivityFormValues>(() =>
    editing === 'new' ? emptyValues(today) : valuesOf(editing),
  );
  const [touched, setTouched] = useState(false);
  const errors = touched ? fieldErrors(values, today) : {};
  const set = (field: keyof ActivityFormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const currency = currencyOf(values, baseCurrency);

  const handlers = (title: string) => ({
    onSuccess: async () => {
      void toast({ title });
      onClose();
      await refresh(portfolioId);
    },
    onError: (error: unknown) =>
      toast({
        title: editing === 'new' ? 'Failed to add activity' : 'Failed to update activity',
        description: errorBodyOf(error).message,
        variant: 'destructive',
      }),
  });
  const add = useMutation(trpc.portfolios.addActivity.mutationOptions(handlers('Activity added')));
  const update = useMutation(trpc.portfolios.updateActivity.mutationOptions(handlers('Activity updated')));
  const pending = add.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(fieldErrors(values, today)).length > 0 || pending) return;
    const input = inputOf(values, baseCurrency);
    if (editing === 'new') add.mutate({ id: portfolioId, ...input });
    else update.mutate({ id: portfolioId, activityId: editing.id, ...input });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label="Type"
            required
            allowDeselect={false}
            data={ACTIVITY_TYPES.map((t) => ({ value: t, label: ACTIVITY_LABELS[t] }))}
            value={values.type}
            onChange={(t) => t && setValues((v) => ({ ...v, type: t }))}
          />
          <TextInput
            label="Date"
            type="date"
            required
            min={MIN_ACTIVITY_DATE}
            max={today}
            value={values.date}
            onChange={(e) => set('date')(e.currentTarget.value)}
            error={errors.date}
          />
        </SimpleGrid>
        {FIELDS_OF[values.type].map((field) => (
          <TextInput
            key={field}
            label={labelOf(values.type, field)}
            required={!(field === 'fee' || (values.type === 'fee' && field === 'symbol'))}
            description={DESCRIPTIONS[field]}
            value={values[field]}
            onChange={(e) => set(field)(e.currentTarget.value)}
            error={errors[field]}
            inputMode={field === 'symbol' || field === 'ratio' ? 'text' : 'decimal'}
            autoComplete="off"
            spellCheck={false}
            styles={field === 'symbol' ? { input: { textTransform: 'uppercase' } } : undefined}
            rightSection={
              MONEY_FIELDS.has(field) && currency ? (
                <Text size="xs" c="dimmed" aria-hidden>
                  {currency}
                </Text>
              ) : undefined
            }
          />
        ))}
        {/* Issue 27 §3: amounts are kept in their own currency and converted at their day's rate. */}
        <Select
          label="Currency"
          description={`The listing’s currency for a symbol, ${baseCurrency} for cash, unless you pick another`}
          allowDeselect={false}
          data={[...PORTFOLIO_CURRENCIES]}
          value={currency}
          placeholder="The listing’s currency"
          onChange={(c) => c && set('currency')(c)}
          error={errors.currency}
        />
        <TextInput
          label="Note"
          value={values.note}
          onChange={(e) => set('note')(e.currentTarget.value)}
          maxLength={500}
        />
        <DialogActions onCancel={onClose} loading={pending}>
          {editing === 'new' ? 'Add activity' : 'Save'}
        </DialogActions>
      </Stack>
    </form>
  );
}
