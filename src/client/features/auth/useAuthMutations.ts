import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { LoginInput, RegisterInput } from '../../../shared/schemas/auth';
import type { PublicUser } from '../../../shared/user';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { captchaHint, needsCaptcha } from './captcha';

/**
 * Sign-in and registration (product.md §4): success caches the user, toasts and goes to /;
 * a captcha demand calls `onCaptchaRequired`; any other failure is a destructive toast.
 */
export function useAuthMutations(onCaptchaRequired: (hint: string) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  function signedIn(user: PublicUser, title: string, description: string) {
    queryClient.setQueryData(trpc.auth.user.queryKey(), user);
    void toast({ title, description });
    void navigate({ to: '/' });
  }

  function failed(error: unknown, title: string) {
    if (needsCaptcha(error)) onCaptchaRequired(captchaHint(error));
    else void toast({ title, description: errorBodyOf(error).message, variant: 'destructive' });
  }

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (user) => signedIn(user, 'Welcome back!', 'You have successfully logged in.'),
      onError: (error) => failed(error, 'Login failed'),
    }),
  );

  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: (user) =>
        signedIn(user, 'Account created!', 'Welcome to Tickwise. Your account has been created successfully.'),
      onError: (error) => failed(error, 'Registration failed'),
    }),
  );

  return {
    login: (input: LoginInput) => login.mutate(input),
    register: (input: RegisterInput) => register.mutate(input),
    isPending: login.isPending || register.isPending,
  };
}
