import { describe, expect, it } from 'vitest';
import { profileSchema, passwordFormSchema } from '../../src/shared/schemas/auth';
import { captchaHint, needsCaptcha, parseCaptchaAnswer } from '../../src/client/features/auth/captcha';
import { zodResolver } from '../../src/client/lib/zodResolver';

describe('zodResolver', () => {
  it('maps the first issue of each field to its path, with the spec messages', () => {
    const validate = zodResolver(passwordFormSchema);
    expect(validate({ currentPassword: '', newPassword: '123', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 6 characters',
      confirmPassword: 'Please confirm your password',
    });
    expect(validate({ currentPassword: 'a', newPassword: '123456', confirmPassword: '654321' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('returns no errors for valid values', () => {
    expect(zodResolver(profileSchema)({ firstName: 'Ada', lastName: 'L', profileImageUrl: '' })).toEqual({});
  });
});

describe('captcha helpers', () => {
  it('accepts whole numbers only', () => {
    expect(parseCaptchaAnswer(' 12 ')).toBe(12);
    expect(parseCaptchaAnswer('-3')).toBe(-3);
    expect(parseCaptchaAnswer('')).toBeNull();
    expect(parseCaptchaAnswer('1.5')).toBeNull();
    expect(parseCaptchaAnswer('abc')).toBeNull();
  });

  it('recognises the server asking for the check, and keeps its words as a hint', () => {
    const error = new Error('CAPTCHA_REQUIRED: That answer was wrong. Please solve the new question.');
    expect(needsCaptcha(error)).toBe(true);
    expect(captchaHint(error)).toBe('That answer was wrong. Please solve the new question.');
    expect(needsCaptcha(new Error('Invalid email or password'))).toBe(false);
  });
});
