/**
 * What a coupon code may be, in one place: the admin form, the server's routes, the sandbox
 * cart, the order webhook and the seed all read a code through `normaliseCouponCode`, so a
 * code the back office saves is exactly the code a shopper can type (in any case, with spaces
 * around it). It lives apart from the zod schemas so the server's rules need no zod.
 */
export const COUPON_CODE_LENGTH = { min: 3, max: 40 } as const;

/** Upper-case letters, digits, `_`, `.` and `-`, starting with a letter or digit. */
export const COUPON_CODE_PATTERN = new RegExp(`^[A-Z0-9][A-Z0-9_.-]{${COUPON_CODE_LENGTH.min - 1},${COUPON_CODE_LENGTH.max - 1}}$`);

export const COUPON_CODE_RULE = `A code is ${COUPON_CODE_LENGTH.min} to ${COUPON_CODE_LENGTH.max} letters, digits, _ . or -, starting with a letter or digit`;

/**
 * A typed code as stored: trimmed and upper-cased. Null when it cannot be a code at all (too
 * short or long, or characters no code has), so such input never reaches the database.
 */
export function normaliseCouponCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return COUPON_CODE_PATTERN.test(code) ? code : null;
}
