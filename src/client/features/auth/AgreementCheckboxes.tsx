import { Anchor, Checkbox, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';

interface Props {
  terms: boolean;
  privacy: boolean;
  onTermsChange: (value: boolean) => void;
  onPrivacyChange: (value: boolean) => void;
}

/** The two agreements registration needs (product.md §2). Links open in a new tab so the form keeps its input. */
export function AgreementCheckboxes({ terms, privacy, onTermsChange, onPrivacyChange }: Props) {
  return (
    <Stack gap="xs">
      <Checkbox
        checked={terms}
        onChange={(e) => onTermsChange(e.currentTarget.checked)}
        label={
          <>
            I agree to the{' '}
            <Anchor component={Link} to="/terms-of-service" target="_blank" inherit>
              Terms of Service
            </Anchor>
          </>
        }
      />
      <Checkbox
        checked={privacy}
        onChange={(e) => onPrivacyChange(e.currentTarget.checked)}
        label={
          <>
            I agree to the{' '}
            <Anchor component={Link} to="/privacy-policy" target="_blank" inherit>
              Privacy Policy
            </Anchor>
          </>
        }
      />
    </Stack>
  );
}
