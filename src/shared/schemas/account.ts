import { z } from 'zod';
import { currentPassword, emailSchema } from './auth';
import { newPasswordSchema } from './password';

/** Account deletion asks for the password again: a session left open on a shared computer must not be enough. */
export const deleteAccountSchema = z.object({
  password: currentPassword('Enter your password to delete your account'),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const RESET_LINK_INVALID = 'This reset link is invalid, used or expired. Ask for a new one.';

/** Setting a new password with a one-time reset link; the new password follows the same rule as everywhere else. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: RESET_LINK_INVALID }).min(1, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
  newPassword: newPasswordSchema(),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordSchema(), confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** How long an operator-made reset link works. */
export const RESET_LINK_MINUTES = 30;

/** "Forgot password?" by mail (issue 30 §3): the address to send a reset link to, checked like the sign-in form's. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** What the form says after asking, whatever the address: nobody learns from it who has an account. */
export const FORGOT_PASSWORD_SENT = `If an account uses this email, a reset link is on its way. It works once, for ${RESET_LINK_MINUTES} minutes. Check your spam folder if it has not arrived in a few minutes.`;
