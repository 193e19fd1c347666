import { Group, TextInput } from '@mantine/core';
import { averagePriceSchema, quantitySchema } from '../../../../shared/portfolio/schemas';

const firstIssue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

/** The server's own rules on a typed quantity and average price: the message to show, or null. */
export function positionErrors(quantity: string, averagePrice: string) {
  return {
    quantity: firstIssue(quantitySchema.safeParse(quantity)),
    averagePrice: firstIssue(averagePriceSchema.safeParse(averagePrice)),
  };
}

interface Props {
  quantity: string;
  averagePrice: string;
  onQuantity: (value: string) => void;
  onAveragePrice: (value: string) => void;
  /** Messages show only once the person has tried to submit. */
  showErrors: boolean;
}

/** Quantity and average price (step 0.01), side by side: Add Stock and Edit holding share them. */
export function PositionFields({ quantity, averagePrice, onQuantity, onAveragePrice, showErrors }: Props) {
  const errors = showErrors ? positionErrors(quantity, averagePrice) : { quantity: null, averagePrice: null };
  return (
    <Group grow align="flex-start">
      <TextInput
        label="Quantity"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        required
        value={quantity}
        onChange={(e) => onQuantity(e.currentTarget.value)}
        error={errors.quantity}
      />
      <TextInput
        label="Average price"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        required
        leftSection="$"
        value={averagePrice}
        onChange={(e) => onAveragePrice(e.currentTarget.value)}
        error={errors.averagePrice}
      />
    </Group>
  );
}
