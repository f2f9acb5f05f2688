import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password';

/**
 * The embedded provider's HTML forms. Each field's first problem is shown beside it, in words
 * a shopper understands; nothing here is shared with the web app.
 */
const email = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .min(1, 'Enter your email address.')
  .max(254, 'An email address has at most 254 characters.')
  .pipe(z.email({ error: 'Enter an email address like name@example.com.' }));

const name = (what: string) =>
  z
    .string({ error: `Enter your ${what}.` })
    .trim()
    .min(1, `Enter your ${what}.`)
    .max(100, `Your ${what} can have at most 100 characters.`)
    .refine(
      (value) => ![...value].some((char) => char === '<' || char === '>' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f),
      `Your ${what} cannot contain < > or control characters.`,
    );

const newPassword = z
  .string({ error: 'Choose a password.' })
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`);

const csrf = z.string().max(200).optional();

export const loginForm = z.object({
  csrf,
  email,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(MAX_PASSWORD_LENGTH, 'Email or password is incorrect.'),
});

export const signupForm = z.object({ csrf, given_name: name('first name'), family_name: name('last name'), email, password: newPassword });
export const emailForm = z.object({ csrf, email });
export const resetForm = z.object({ token: z.string().min(1).max(200), password: newPassword });
export const tokenQuery = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\w-]+$/),
});
/** The email confirmation page: the token travels in the form, not the URL, with the account's password. */
export const verifyEmailForm = tokenQuery.extend({
  password: z
    .string({ error: 'Enter the password of this account.' })
    .min(1, 'Enter the password of this account.')
    .max(MAX_PASSWORD_LENGTH, 'This is not the password of this account.'),
});
export const interactionParams = z.object({
  uid: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/),
});

export type FormValues = Record<string, string>;

/** `a=1&b=2` → `{a: '1', b: '2'}`; a repeated field keeps its first value. */
export function parseUrlEncoded(body: string): FormValues {
  const values: FormValues = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    if (!Object.hasOwn(values, key)) values[key] = value;
  }
  return values;
}

/** The first message per field, keyed by field name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}
