/**
 * The sandbox checkout page's script. It talks to its parent (the storefront, where the
 * SBL script rendered this frame) only through the SBL's `fscPopupMessage` messages, sent
 * to its own origin: the CSP lets only this origin frame the page.
 */
import { isRecord } from '@store/contracts/is-record';
import type { SblPopupMessage } from '@store/contracts/payments/sbl';
import { cardFieldErrors } from '../cards';

type FieldName = 'email' | 'firstName' | 'lastName' | 'country' | 'region' | 'city' | 'postalCode' | 'cardNumber' | 'expiry' | 'cvc';

const FIELD_ORDER: FieldName[] = ['email', 'firstName', 'lastName', 'country', 'region', 'city', 'postalCode', 'cardNumber', 'expiry', 'cvc'];
const NETWORK_MESSAGE = 'We could not reach the payment service. Check your connection and try again.';

function post(message: SblPopupMessage): void {
  if (window.parent !== window) window.parent.postMessage(message, location.origin);
}

function reportHeight(): void {
  post({ fscPopupMessage: { action: 'resizeInlineContainer', height: Math.ceil(document.documentElement.scrollHeight) } });
}

function closeWith(orderReference: { id: string; reference: string } | null): void {
  post({ fscPopupMessage: { action: 'close', orderReference } });
}

function fieldInput(name: FieldName): HTMLInputElement | HTMLSelectElement | null {
  return document.getElementById(`field-${name}`) as HTMLInputElement | HTMLSelectElement | null;
}

function setFieldError(name: FieldName, message: string | null): void {
  const input = fieldInput(name);
  const error = document.getElementById(`field-${name}-error`);
  if (!input || !error) return;
  if (message) {
    input.setAttribute('aria-invalid', 'true');
    error.textContent = message;
    error.hidden = false;
  } else {
    input.removeAttribute('aria-invalid');
    error.textContent = '';
    error.hidden = true;
  }
}

/** The checks that need no server, for feedback before the round trip; the server checks everything again. */
function checkLocally(values: Record<FieldName, string>, free: boolean): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) errors.email = 'Enter a valid email address';
  if (!values.firstName) errors.firstName = 'Enter your first name';
  if (!values.lastName) errors.lastName = 'Enter your last name';
  if (!values.country) errors.country = 'Choose your country';
  if (!values.postalCode) errors.postalCode = 'Enter your postal code';
  if (free) return errors;
  return { ...errors, ...cardFieldErrors(values, new Date()) };
}

function setupForm(form: HTMLFormElement): void {
  const alert = document.getElementById('form-alert') as HTMLElement;
  const button = document.getElementById('pay-button') as HTMLButtonElement;
  const free = form.dataset.free === 'true';
  const payUrl = form.dataset.payUrl ?? '';
  const expectedTotal = Number(form.dataset.expectedTotal);
  let busy = false;

  const showAlert = (message: string | null) => {
    alert.textContent = message ?? '';
    alert.hidden = !message;
    reportHeight();
  };

  const values = (): Record<FieldName, string> => {
    const result = {} as Record<FieldName, string>;
    for (const name of FIELD_ORDER) result[name] = (fieldInput(name)?.value ?? '').trim();
    return result;
  };

  const showFieldErrors = (errors: Partial<Record<string, string>>) => {
    let first: FieldName | null = null;
    for (const name of FIELD_ORDER) {
      const message = errors[name] ?? null;
      setFieldError(name, message);
      if (message && !first && fieldInput(name)) first = name;
    }
    reportHeight();
    if (first) fieldInput(first)?.focus();
    return first !== null;
  };

  const setBusy = (value: boolean) => {
    busy = value;
    button.disabled = value;
    form.setAttribute('aria-busy', String(value));
    button.textContent = value ? 'Processing…' : (button.dataset.label ?? 'Pay');
  };

  // Card number in groups of four; expiry with its slash.
  const cardNumber = fieldInput('cardNumber');
  cardNumber?.addEventListener('input', () => {
    const digits = cardNumber.value.replace(/\D/g, '').slice(0, 19);
    cardNumber.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  });
  const expiry = fieldInput('expiry');
  expiry?.addEventListener('input', (event) => {
    if ((event as InputEvent).inputType?.startsWith('delete')) return;
    const digits = expiry.value.replace(/\D/g, '').slice(0, 4);
    expiry.value = digits.length >= 3 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits.length === 2 ? `${digits}/` : digits;
  });
  for (const name of FIELD_ORDER) {
    fieldInput(name)?.addEventListener('change', () => setFieldError(name, null));
  }

  for (const testCard of document.querySelectorAll<HTMLButtonElement>('[data-test-card]')) {
    testCard.addEventListener('click', () => {
      const number = testCard.dataset.testCard ?? '';
      const next = new Date();
      const month = String(next.getMonth() + 1).padStart(2, '0');
      const year = String((next.getFullYear() + 3) % 100).padStart(2, '0');
      const fill = (name: FieldName, value: string) => {
        const input = fieldInput(name);
        if (input) input.value = value;
        setFieldError(name, null);
      };
      fill('cardNumber', number.replace(/(\d{4})(?=\d)/g, '$1 '));
      fill('expiry', `${month}/${year}`);
      fill('cvc', '123');
      showAlert(null);
      button.focus();
    });
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    showAlert(null);
    const current = values();
    if (showFieldErrors(checkLocally(current, free))) return;
    setBusy(true);
    const body: Record<string, unknown> = {
      email: current.email,
      firstName: current.firstName,
      lastName: current.lastName,
      country: current.country,
      region: current.region,
      city: current.city,
      postalCode: current.postalCode,
      ...(Number.isSafeInteger(expectedTotal) ? { expectedTotal } : {}),
      ...(free ? {} : { cardNumber: current.cardNumber, expiry: current.expiry, cvc: current.cvc }),
    };
    void pay(body);
  });

  async function pay(body: Record<string, unknown>): Promise<void> {
    let response: Response;
    let payload: Record<string, unknown> = {};
    try {
      response = await fetch(payUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
      });
      payload = ((await response.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
    } catch {
      setBusy(false);
      showAlert(NETWORK_MESSAGE);
      alert.focus();
      return;
    }
    if (response.ok && isRecord(payload.order)) {
      succeed(payload.order as { id: string; reference: string; totalDisplay?: string } & Record<string, unknown>);
      return;
    }
    setBusy(false);
    const message = typeof payload.message === 'string' ? payload.message : `The payment service answered ${response.status}. Try again.`;
    const fields = isRecord(payload.fields) ? (payload.fields as Record<string, string>) : null;
    if (fields && showFieldErrors(fields)) {
      showAlert(message);
      return;
    }
    if (payload.code === 'card_declined' || payload.code === 'insufficient_funds') {
      showFieldErrors({ cardNumber: message });
      showAlert(message);
      return;
    }
    showAlert(message);
    if (payload.code === 'price_changed') {
      // The order on this page is no longer what would be charged: offer to show the current one.
      const reload = document.createElement('button');
      reload.type = 'button';
      reload.className = 'button small';
      reload.textContent = 'Show my order again';
      reload.addEventListener('click', () => location.reload());
      alert.append(' ', reload);
    }
    alert.focus();
  }

  function succeed(order: { id: string; reference: string; totalDisplay?: string } & Record<string, unknown>): void {
    form.hidden = true;
    document.querySelector('.summary')?.setAttribute('hidden', '');
    const done = document.getElementById('done') as HTMLElement;
    const text = document.getElementById('done-text') as HTMLElement;
    text.textContent = `Your order ${order.reference}${order.totalDisplay ? ` of ${order.totalDisplay}` : ''} is complete. Check your email for your downloads.`;
    done.hidden = false;
    (document.getElementById('paid-title') as HTMLElement).focus();
    reportHeight();
    post({ fscPopupMessage: { action: 'hook', hookName: 'data-popup-webhook-received', order: order as SblOrderLike } });
    closeWith({ id: order.id, reference: order.reference });
  }
}

type SblOrderLike = { id: string; reference: string; [key: string]: unknown };

function start(): void {
  const form = document.getElementById('pay-form');
  if (form instanceof HTMLFormElement) setupForm(form);

  document.getElementById('cancel')?.addEventListener('click', () => closeWith(null));
  const continueButton = document.getElementById('continue');
  if (continueButton) {
    continueButton.addEventListener('click', () => {
      const { orderId, orderReference } = continueButton.dataset;
      closeWith(orderId && orderReference ? { id: orderId, reference: orderReference } : null);
    });
  }

  reportHeight();
  if ('ResizeObserver' in window) new ResizeObserver(() => reportHeight()).observe(document.body);
  window.addEventListener('load', reportHeight);
}

start();
