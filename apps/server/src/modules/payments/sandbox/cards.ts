/**
 * The sandbox's card rules, like a payment provider's test mode: three test cards with
 * known outcomes, and the field checks a real checkout makes (Luhn, expiry, CVC). Other
 * numbers are refused, so a real card number is never typed into the sandbox by mistake.
 */
export const TEST_CARDS = [
  { number: '4242424242424242', outcome: 'success', label: 'Payment succeeds' },
  { number: '4000000000000002', outcome: 'declined', label: 'Card declined' },
  { number: '4000000000009995', outcome: 'insufficient_funds', label: 'Insufficient funds' },
] as const;

export type CardOutcome = (typeof TEST_CARDS)[number]['outcome'];

export const DECLINE_MESSAGES: Record<Exclude<CardOutcome, 'success'>, string> = {
  declined: 'Your card was declined. Try another card.',
  insufficient_funds: 'Your card has insufficient funds. Try another card.',
};

export interface CardInput {
  cardNumber?: string | undefined;
  expiry?: string | undefined;
  cvc?: string | undefined;
}

export type CardField = 'cardNumber' | 'expiry' | 'cvc';

export type CardCheck = { ok: true; outcome: CardOutcome } | { ok: false; fields: Partial<Record<CardField, string>> };

export function digitsOf(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The format checks of the card fields (number, Luhn, expiry, CVC); `now` decides whether the
 * expiry has passed (cards expire after the last day of their month). Shared with the checkout
 * page's script, which runs them before the round trip.
 */
export function cardFieldErrors(input: CardInput, now: Date): Partial<Record<CardField, string>> {
  const fields: Partial<Record<CardField, string>> = {};
  const digits = digitsOf(input.cardNumber ?? '');
  if (digits === '') fields.cardNumber = 'Enter your card number';
  else if (!/^\d{12,19}$/.test(digits)) fields.cardNumber = 'Enter a card number of 12 to 19 digits';
  else if (!passesLuhn(digits)) fields.cardNumber = 'This card number is not valid. Check it and try again.';

  const expiry = (input.expiry ?? '').trim();
  const match = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(expiry);
  if (expiry === '') fields.expiry = 'Enter the expiry date';
  else if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) fields.expiry = 'Enter the expiry date as MM/YY';
  else {
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    // The first moment after the card's last valid day.
    const expiresAt = Date.UTC(year, month, 1);
    if (now.getTime() >= expiresAt) fields.expiry = 'This card has expired';
  }

  const cvc = (input.cvc ?? '').trim();
  if (cvc === '') fields.cvc = 'Enter the security code';
  else if (!/^\d{3,4}$/.test(cvc)) fields.cvc = 'Enter the 3 or 4 digits on the back of the card';

  return fields;
}

/** The field checks, then which test card it is: any other valid number is refused. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const fields = cardFieldErrors(input, now);
  const outcome = TEST_CARDS.find((card) => card.number === digitsOf(input.cardNumber ?? ''))?.outcome;
  if (!fields.cardNumber && !outcome) {
    fields.cardNumber = 'This is the sandbox: use one of the test cards listed below. No real card is charged.';
  }
  if (Object.keys(fields).length > 0 || !outcome) return { ok: false, fields };
  return { ok: true, outcome };
}
