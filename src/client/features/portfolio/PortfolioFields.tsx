import { Textarea, TextInput } from '@mantine/core';
import { MAX_PORTFOLIO_DESCRIPTION_LENGTH, MAX_PORTFOLIO_NAME_LENGTH } from '../../../shared/portfolio/limits';

interface Props {
  name: string;
  description: string;
  onName: (value: string) => void;
  onDescription: (value: string) => void;
  /** Shown under the name, e.g. that it is required. */
  nameError?: string | null;
}

/** A portfolio's name (required) and description (optional): Create Portfolio and Edit portfolio share them. */
export function PortfolioFields({ name, description, onName, onDescription, nameError }: Props) {
  return (
    <>
      <TextInput
        label="Name"
        placeholder="e.g. Retirement"
        required
        data-autofocus
        maxLength={MAX_PORTFOLIO_NAME_LENGTH}
        value={name}
        onChange={(e) => onName(e.currentTarget.value)}
        error={nameError}
      />
      <Textarea
        label="Description"
        placeholder="Optional: what this portfolio is for"
        autosize
        minRows={2}
        maxRows={5}
        maxLength={MAX_PORTFOLIO_DESCRIPTION_LENGTH}
        value={description}
        onChange={(e) => onDescription(e.currentTarget.value)}
      />
    </>
  );
}
