import { Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { loginSchema, registerSchema } from '../../../shared/schemas/auth';
import { zodResolver } from '../../lib/zodResolver';
import { AgreementCheckboxes } from './AgreementCheckboxes';
import { CAPTCHA_RESUBMIT_MS, type CaptchaFields } from './captcha';
import { CaptchaPanel } from './CaptchaPanel';
import { ForgotPasswordLink } from './ForgotPassword';
import { useAuthMutations } from './useAuthMutations';

export type AuthMode = 'signin' | 'signup';

interface AuthValues {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  agreedToTerms: boolean;
  agreedToPrivacy: boolean;
}

interface Props {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
}

/** The sign-in / registration form with its captcha round trip (product.md §§2, 4, 5). */
export function AuthForm({ mode, onModeChange }: Props) {
  const isSignUp = mode === 'signup';
  const [captchaOpened, setCaptchaOpened] = useState(false);
  const [captchaHint, setCaptchaHint] = useState('');
  const auth = useAuthMutations((hint) => {
    setCaptchaHint(hint);
    setCaptchaOpened(true);
  });
  // useForm takes `validate` afresh on every render (its callbacks depend on it), so this one sees the current mode.
  const form = useForm<AuthValues>({
    initialValues: {
      email: '',
      password: '',
      firstName: '',
      lastName: '',
      agreedToTerms: false,
      agreedToPrivacy: false,
    },
    validate: (values) => (isSignUp ? zodResolver(registerSchema)(values) : zodResolver(loginSchema)(values)),
  });

  // Captcha fields ride along once: the server's challenge tokens work a single time.
  // The validated schema output is what goes to the server (trimmed, agreements typed as true).
  function send(values: AuthValues, captcha?: CaptchaFields) {
    // This render's mode: the captcha panel calls back through this render's onSolved (an effect event or a click).
    if (isSignUp) {
      const input = registerSchema.safeParse({ ...values, ...captcha });
      if (input.success) auth.register(input.data);
    } else {
      const input = loginSchema.safeParse({ email: values.email, password: values.password, ...captcha });
      if (input.success) auth.login(input.data);
    }
  }

  function captchaSolved(fields: CaptchaFields) {
    setCaptchaOpened(false);
    window.setTimeout(() => {
      const check = form.validate();
      if (!check.hasErrors) send(form.getValues(), fields);
    }, CAPTCHA_RESUBMIT_MS);
  }

  function switchMode(next: AuthMode) {
    form.clearErrors();
    onModeChange(next);
  }

  const agreed = form.values.agreedToTerms && form.values.agreedToPrivacy;
  const submitDisabled = auth.isPending || (isSignUp && !agreed);

  return (
    <>
      <form onSubmit={form.onSubmit((values) => send(values))} noValidate>
        <Stack gap="md">
          {isSignUp && (
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                label="First Name"
                placeholder="Jane"
                autoComplete="given-name"
                required
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Last Name"
                placeholder="Doe"
                autoComplete="family-name"
                required
                {...form.getInputProps('lastName')}
              />
            </SimpleGrid>
          )}
          <TextInput
            label="Email"
            type="email"
            placeholder="you@example.com"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            placeholder="Your password"
            autoComplete={isSignUp ? 'new-password' : 'current-password'}
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            {...form.getInputProps('password')}
          />
          {!isSignUp && (
            <Group justify="flex-end" mt={-8}>
              <ForgotPasswordLink />
            </Group>
          )}
          {isSignUp && (
            <AgreementCheckboxes
              terms={form.values.agreedToTerms}
              privacy={form.values.agreedToPrivacy}
              onTermsChange={(v) => form.setFieldValue('agreedToTerms', v)}
              onPrivacyChange={(v) => form.setFieldValue('agreedToPrivacy', v)}
            />
          )}
          <Button type="submit" fullWidth size="md" disabled={submitDisabled}>
            {auth.isPending ? 'Please wait...' : isSignUp ? 'Create Account' : 'Sign In'}
          </Button>
          <Group justify="center" gap={4}>
            <Text size="sm" c="dimmed">
              {isSignUp ? 'Already have an account?' : "Don't have an account?"}
            </Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => switchMode(isSignUp ? 'signin' : 'signup')}
            >
              {isSignUp ? 'Sign in' : 'Sign up'}
            </Anchor>
          </Group>
        </Stack>
      </form>
      <CaptchaPanel
        opened={captchaOpened}
        email={isSignUp ? undefined : form.values.email}
        hint={captchaHint}
        onCancel={() => setCaptchaOpened(false)}
        onSolved={captchaSolved}
      />
    </>
  );
}
