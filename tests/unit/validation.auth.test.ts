import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordSchema,
  loginSchema,
  passwordFormSchema,
  profileFormSchema,
  profileSchema,
  registerSchema,
} from '../../src/shared/schemas/auth';
import { PROFILE_IMAGE_MESSAGES, profileImageUrlProblem } from '../../src/shared/schemas/profileImage';

/** The first message zod gives for each field, e.g. { firstName: 'First name is required' }. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const validRegister = {
  email: 'ada@example.com',
  password: 'secret',
  firstName: 'Ada',
  lastName: 'Lovelace',
  agreedToTerms: true,
  agreedToPrivacy: true,
};

describe('sign in (product.md §5: email and password required)', () => {
  it('accepts an email and any non-empty password, trimming the email', () => {
    expect(loginSchema.parse({ email: '  ada@example.com ', password: 'x' })).toEqual({
      email: 'ada@example.com',
      password: 'x',
    });
  });

  it('requires both', () => {
    expect(messages(loginSchema, {})).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(messages(loginSchema, { email: '  ', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('wants a real email address', () => {
    expect(messages(loginSchema, { email: 'ada', password: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('takes the captcha answer as an integer, also from a numeric string', () => {
    const parsed = loginSchema.parse({
      email: 'a@b.co',
      password: 'x',
      captchaType: 'math',
      captchaToken: 't',
      captchaAnswer: '12',
    });
    expect(parsed.captchaAnswer).toBe(12);
    expect(messages(loginSchema, { email: 'a@b.co', password: 'x', captchaAnswer: 2.5 })).toEqual({
      captchaAnswer: 'Answer must be a whole number',
    });
    expect(messages(loginSchema, { email: 'a@b.co', password: 'x', captchaType: 'image' })).toHaveProperty(
      'captchaType',
    );
  });
});

describe('register (product.md §5)', () => {
  it('accepts a complete form', () => {
    expect(registerSchema.safeParse(validRegister).success).toBe(true);
  });

  it('requires first name, last name, email and password', () => {
    expect(messages(registerSchema, { agreedToTerms: true, agreedToPrivacy: true })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it('requires both agreements', () => {
    expect(messages(registerSchema, { ...validRegister, agreedToTerms: false, agreedToPrivacy: undefined })).toEqual({
      agreedToTerms: 'You must agree to the Terms of Service',
      agreedToPrivacy: 'You must agree to the Privacy Policy',
    });
  });

  it('limits names to 50 characters', () => {
    expect(messages(registerSchema, { ...validRegister, firstName: 'a'.repeat(51), lastName: 'b'.repeat(51) })).toEqual(
      {
        firstName: 'First name too long',
        lastName: 'Last name too long',
      },
    );
    expect(registerSchema.safeParse({ ...validRegister, firstName: 'a'.repeat(50) }).success).toBe(true);
  });
});

describe('profile form (product.md §5)', () => {
  const valid = { firstName: 'Ada', lastName: 'Lovelace' };

  it('requires first and last name, blank counts as missing', () => {
    expect(messages(profileSchema, { firstName: '', lastName: '   ' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    expect(messages(profileSchema, {})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it('allows 50 characters and refuses 51', () => {
    expect(profileSchema.safeParse({ firstName: 'a'.repeat(50), lastName: 'b'.repeat(50) }).success).toBe(true);
    expect(messages(profileSchema, { firstName: 'a'.repeat(51), lastName: 'b'.repeat(51) })).toEqual({
      firstName: 'First name too long',
      lastName: 'Last name too long',
    });
  });

  it('takes an optional picture URL: a valid http(s) URL or an empty string', () => {
    expect(profileSchema.safeParse(valid).success).toBe(true);
    expect(profileSchema.safeParse({ ...valid, profileImageUrl: '' }).success).toBe(true);
    expect(profileSchema.safeParse({ ...valid, profileImageUrl: 'https://img.example/a.png' }).success).toBe(true);
    for (const bad of ['not a url', 'javascript:alert(1)', 'ftp://img.example/a.png']) {
      expect(messages(profileSchema, { ...valid, profileImageUrl: bad }), bad).toEqual({
        profileImageUrl: 'Invalid URL',
      });
    }
  });
});

describe('password form (product.md §5)', () => {
  const valid = { currentPassword: 'old', newPassword: 'sixsix', confirmPassword: 'sixsix' };

  it('accepts a matching new password of 6 characters', () => {
    expect(passwordFormSchema.safeParse(valid).success).toBe(true);
  });

  it('states every rule', () => {
    expect(messages(passwordFormSchema, { currentPassword: '', newPassword: '12345', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 6 characters',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('puts "Passwords don\'t match" on confirmPassword', () => {
    expect(messages(passwordFormSchema, { ...valid, confirmPassword: 'sixsiX' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('the server side takes current and new password with the same messages', () => {
    expect(messages(changePasswordSchema, {})).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 6 characters',
    });
    expect(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: '123456' }).success).toBe(true);
  });
});

describe('one password rule for registration and the password form (issue 7)', () => {
  it('needs 6 characters at registration too, with the same message', () => {
    expect(messages(registerSchema, { ...validRegister, password: 'a' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(messages(registerSchema, { ...validRegister, password: '' })).toEqual({ password: 'Password is required' });
    expect(messages(changePasswordSchema, { currentPassword: 'x', newPassword: 'a' })).toEqual({
      newPassword: 'Password must be at least 6 characters',
    });
  });

  it('still signs in with any password an old account may have', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'a' }).success).toBe(true);
  });
});

describe('lone surrogates (issue 7)', () => {
  const lone = 'Ada\uD800';
  const MALFORMED = 'Text contains characters that cannot be stored';

  it('are refused in every text field with one clear message', () => {
    expect(messages(registerSchema, { ...validRegister, firstName: lone, lastName: '\uDC00' })).toEqual({
      firstName: MALFORMED,
      lastName: MALFORMED,
    });
    expect(messages(registerSchema, { ...validRegister, email: 'ada\uD800@example.com' })).toEqual({
      email: MALFORMED,
    });
    expect(messages(registerSchema, { ...validRegister, password: 'secret\uD800' })).toEqual({ password: MALFORMED });
    expect(messages(profileSchema, { firstName: 'Ada', lastName: lone })).toEqual({ lastName: MALFORMED });
    expect(
      messages(profileSchema, { firstName: 'Ada', lastName: 'L', profileImageUrl: 'https://a.example/\uD800' }),
    ).toHaveProperty('profileImageUrl', MALFORMED);
    expect(messages(changePasswordSchema, { currentPassword: 'x', newPassword: 'secret\uDFFF' })).toEqual({
      newPassword: MALFORMED,
    });
  });

  it('lets paired surrogates (emoji) through and stores names in NFC', () => {
    const parsed = profileSchema.parse({ firstName: 'Ade\u0301le 😀', lastName: 'L' });
    expect(parsed.firstName).toBe('Ad\u00e9le 😀');
    // 50 characters as stored: the decomposed form would have counted 51.
    expect(profileSchema.safeParse({ firstName: `${'a'.repeat(49)}e\u0301`, lastName: 'L' }).success).toBe(true);
  });
});

describe('profile picture rules (issue 7)', () => {
  const here = { allowHttp: false, appHosts: ['tickwise.example'] };
  const form = profileFormSchema(here);
  const valid = { firstName: 'Ada', lastName: 'Lovelace' };

  it('refuse pictures on the app itself, on loopback and over plain http, each with its reason', () => {
    const cases: Array<[string, string]> = [
      ['https://tickwise.example/api/logout', PROFILE_IMAGE_MESSAGES.sameSite],
      ['https://TICKWISE.example./api/logout', PROFILE_IMAGE_MESSAGES.sameSite],
      ['https://tickwise.example:8443/avatar.png', PROFILE_IMAGE_MESSAGES.sameSite],
      ['https://localhost/api/logout', PROFILE_IMAGE_MESSAGES.sameSite],
      ['https://127.0.0.1/api/logout', PROFILE_IMAGE_MESSAGES.sameSite],
      ['https://2130706433/api/logout', PROFILE_IMAGE_MESSAGES.sameSite],
      ['http://img.example/a.png', PROFILE_IMAGE_MESSAGES.httpsOnly],
      ['javascript:alert(1)', PROFILE_IMAGE_MESSAGES.invalid],
      ['data:image/png;base64,iVBORw0KGgo=', PROFILE_IMAGE_MESSAGES.invalid],
      ['/api/logout', PROFILE_IMAGE_MESSAGES.invalid],
      ['https://user:pw@img.example/a.png', PROFILE_IMAGE_MESSAGES.invalid],
    ];
    for (const [url, message] of cases) {
      expect(profileImageUrlProblem(url, here), url).toBe(message);
      expect(messages(form, { ...valid, profileImageUrl: url }), url).toEqual({ profileImageUrl: message });
    }
    expect(PROFILE_IMAGE_MESSAGES.sameSite).toBe(
      'Profile image URL must point to another website, not to Tickwise itself',
    );
  });

  it('accept https pictures elsewhere, http ones in development, and no picture', () => {
    expect(profileImageUrlProblem('https://images.example/ann.png', here)).toBeNull();
    expect(profileImageUrlProblem('https://cdn.tickwise.example.net/a.png', here)).toBeNull();
    expect(profileImageUrlProblem('', here)).toBeNull();
    expect(profileImageUrlProblem('http://img.example/a.png', { ...here, allowHttp: true })).toBeNull();
    expect(form.safeParse({ ...valid, profileImageUrl: 'https://images.example/ann.png' }).success).toBe(true);
  });
});
