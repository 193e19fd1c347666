import { userText } from './text';

/**
 * The username a person may choose in Settings, checked the same in the form and on the server. Lower-case letters,
 * digits and . _ - (no @, so it can never be an email address), starting and ending with a letter or digit.
 */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 24;

export const USERNAME_MESSAGES = {
  tooShort: `Username must be at least ${USERNAME_MIN_LENGTH} characters`,
  tooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  characters: 'Username may use only letters, digits and . _ - and must start and end with a letter or digit',
  taken: 'That username is taken. Try another one.',
  updated: 'Username updated',
} as const;

export const usernameSchema = userText('Username is required')
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN_LENGTH, USERNAME_MESSAGES.tooShort)
  .max(USERNAME_MAX_LENGTH, USERNAME_MESSAGES.tooLong)
  .regex(/^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/, USERNAME_MESSAGES.characters);
