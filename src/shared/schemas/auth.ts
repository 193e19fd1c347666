import { z } from 'zod';
import { newPasswordSchema } from './password';
import {
  PROFILE_IMAGE_MESSAGES,
  PROFILE_IMAGE_URL_MAX_LENGTH,
  profileImageUrlProblem,
  type ImageUrlPolicy,
} from './profileImage';
import { userText } from './text';
import { usernameSchema } from './username';

/**
 * Validation rules of product.md §5, shared by the forms (client) and the procedures (server).
 * Messages are the spec's words; change them here and both sides follow. Every typed text goes through
 * userText() (no lone surrogates, NFC), so what is checked is what is stored.
 */

/** An email address as the sign-in and sign-up forms take it. */
export const emailSchema = userText('Email is required')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));
const email = emailSchema;

const firstName = userText('First name is required')
  .trim()
  .min(1, 'First name is required')
  .max(50, 'First name too long');
const lastName = userText('Last name is required').trim().min(1, 'Last name is required').max(50, 'Last name too long');

/** Sign-in takes any password an account may have been given, so old accounts keep working. */
export const currentPassword = (required: string) =>
  z.string({ error: required }).min(1, required).max(1024, 'Password is too long');

/** Optional captcha fields that may ride along with sign-in and registration. */
export const captchaFieldsSchema = z.object({
  captchaType: z.literal('math').optional(),
  captchaToken: z.string().max(1024).optional(),
  captchaAnswer: z.coerce.number().int('Answer must be a whole number').optional(),
  /** The proof of work the browser found for captchaToken (see shared/captcha/proofOfWork.ts). */
  captchaProof: z.coerce.number().int('Proof must be a whole number').min(0, 'Proof must be a whole number').optional(),
});

export const loginSchema = z
  .object({ email, password: currentPassword('Password is required') })
  .extend(captchaFieldsSchema.shape);
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    email,
    password: newPasswordSchema('Password is required'),
    firstName,
    lastName,
    agreedToTerms: z.literal(true, { error: 'You must agree to the Terms of Service' }),
    agreedToPrivacy: z.literal(true, { error: 'You must agree to the Privacy Policy' }),
  })
  .extend(captchaFieldsSchema.shape);
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * The picture URL as the server's input schema takes it: empty, or an http(s) URL. Which hosts and schemes are
 * allowed depends on where the app runs, so the server checks that with profileImageUrlProblem and the form with
 * profileFormSchema.
 */
const httpUrl = z.url({ protocol: /^https?$/ });
const profileImageUrl = userText()
  .max(PROFILE_IMAGE_URL_MAX_LENGTH, PROFILE_IMAGE_MESSAGES.invalid)
  .refine((url) => url === '' || httpUrl.safeParse(url).success, PROFILE_IMAGE_MESSAGES.invalid)
  .optional();

/** `username` is optional: a client that does not show it leaves the username as it is. */
export const profileSchema = z.object({ firstName, lastName, profileImageUrl, username: usernameSchema.optional() });
export type ProfileInput = z.infer<typeof profileSchema>;

/** The profile form: the schema plus the picture rules for the page's own host (see profileImage.ts). */
export function profileFormSchema(policy: ImageUrlPolicy) {
  return profileSchema.superRefine((value, ctx) => {
    const problem = profileImageUrlProblem(value.profileImageUrl ?? '', policy);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['profileImageUrl'] });
  });
}

/** What the server takes: the confirmation is a client-side concern. */
export const changePasswordSchema = z.object({
  currentPassword: currentPassword('Current password is required'),
  newPassword: newPasswordSchema(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The Security tab's form: adds the confirmation and the "don't match" rule on confirmPassword. */
export const passwordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type PasswordFormInput = z.infer<typeof passwordFormSchema>;
