import { z } from 'zod';

/**
 * Validation rules of SPEC section 5, shared by the forms (client) and the procedures (server).
 * Messages are the spec's words; change them here and both sides follow.
 */

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

/** Optional captcha fields that may ride along with sign-in and registration. */
export const captchaFieldsSchema = z.object({
  captchaType: z.literal('math').optional(),
  captchaToken: z.string().max(1024).optional(),
  captchaAnswer: z.coerce.number().int('Answer must be a whole number').optional(),
});

export const loginSchema = z
  .object({
    email,
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
  })
  .extend(captchaFieldsSchema.shape);
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    email,
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
    firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(50, 'First name too long'),
    lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(50, 'Last name too long'),
    agreedToTerms: z.literal(true, { error: 'You must agree to the Terms of Service' }),
    agreedToPrivacy: z.literal(true, { error: 'You must agree to the Privacy Policy' }),
  })
  .extend(captchaFieldsSchema.shape);
export type RegisterInput = z.infer<typeof registerSchema>;

export const profileSchema = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(50, 'First name too long'),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(50, 'Last name too long'),
  profileImageUrl: z.union([z.literal(''), z.url({ message: 'Invalid URL', protocol: /^https?$/ }).max(2048, 'Invalid URL')]).optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** What the server takes: the confirmation is a client-side concern. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024),
  newPassword: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(6, 'Password must be at least 6 characters')
    .max(1024, 'Password is too long'),
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
