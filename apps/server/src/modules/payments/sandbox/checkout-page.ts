import { formatMoney, SANDBOX_API_PREFIX, SANDBOX_ORDER_PAGE_PREFIX } from '@store/contracts';
import { escapeHtml } from '#server/lib/escape-html.ts';
import { TEST_CARDS } from './cards';
import { COUNTRIES } from './countries';
import type { CheckoutView, OrderDelivery } from './sandbox.service';

export type CheckoutTheme = 'dark' | 'light' | null;

export interface CheckoutPageAssets {
  scriptUrl: string;
  styleUrl: string;
}

/**
 * The sandbox's checkout page, shown in the SBL's embedded-checkout frame. Rendered on the
 * server with every value escaped; its only script and stylesheet are files of ours (the
 * page's CSP allows nothing inline).
 */
export function renderCheckoutPage(view: CheckoutView, options: { storeName: string; theme: CheckoutTheme; assets: CheckoutPageAssets }): string {
  const { cart, contact } = view;
  const money = (minor: number) => formatMoney(minor, cart.currency);
  let body: string;
  if (view.completedOrder) {
    const order = view.completedOrder;
    body = `
  <section class="panel done" aria-labelledby="done-title">
    <h2 id="done-title" tabindex="-1">Payment complete</h2>
    <p>Your order <strong>${escapeHtml(order.reference)}</strong> of ${escapeHtml(order.totalDisplay)} is complete. Check your email for your downloads.</p>${deliveryStatus(view.completedOrderDelivery)}
    <button type="button" class="button primary" id="continue" data-order-id="${escapeHtml(order.id)}" data-order-reference="${escapeHtml(order.reference)}">Continue</button>
    <p><a href="${escapeHtml(`${SANDBOX_ORDER_PAGE_PREFIX}/${order.id}`)}" target="_blank" rel="noopener">This order in the sandbox</a> (to try a refund)</p>
  </section>`;
  } else if (cart.lines.length === 0) {
    body = `
  <section class="panel" aria-labelledby="empty-title">
    <h2 id="empty-title">Your cart is empty</h2>
    <p>Add a product to your cart, then check out again.</p>
    <button type="button" class="button" id="cancel">Close</button>
  </section>`;
  } else {
    const free = cart.totalMinor === 0;
    body = `${orderSummary(view, money)}
  <form id="pay-form" class="panel" novalidate
    data-pay-url="${escapeHtml(`${SANDBOX_API_PREFIX}/sessions/${view.session}/pay`)}"
    data-expected-total="${cart.totalMinor}" data-free="${free}">
    <div id="form-alert" class="form-alert" role="alert" tabindex="-1" hidden></div>
    <fieldset>
      <legend>Contact</legend>
      ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: contact.email, hint: 'Your receipt and downloads are sent here.' })}
      <div class="row">
        ${field({ name: 'firstName', label: 'First name', autocomplete: 'given-name', value: contact.firstName })}
        ${field({ name: 'lastName', label: 'Last name', autocomplete: 'family-name', value: contact.lastName })}
      </div>
    </fieldset>
    <fieldset>
      <legend>Billing address</legend>
      ${countrySelect(contact.country)}
      <div class="row">
        ${field({ name: 'region', label: 'State / region', optional: true, autocomplete: 'address-level1', value: contact.region })}
        ${field({ name: 'city', label: 'City', optional: true, autocomplete: 'address-level2', value: contact.city })}
      </div>
      ${field({ name: 'postalCode', label: 'Postal code', autocomplete: 'postal-code', value: contact.postalCode, narrow: true })}
    </fieldset>
    ${free ? '' : cardFields()}
    <button type="submit" class="button primary pay" id="pay-button" data-label="${free ? 'Get your free products' : `Pay ${escapeHtml(money(cart.totalMinor))}`}">${
      free ? 'Get your free products' : `Pay ${escapeHtml(money(cart.totalMinor))}`
    }</button>
    <button type="button" class="button link" id="cancel">Cancel</button>
  </form>
  <section class="panel done" id="done" aria-labelledby="paid-title" hidden>
    <h2 id="paid-title" tabindex="-1">Payment complete</h2>
    <p id="done-text"></p>
  </section>`;
  }

  return checkoutDocument(
    `Checkout — ${escapeHtml(options.storeName)} (sandbox)`,
    options,
    `
  <header class="checkout-header">
    <p class="sandbox-badge" role="note"><strong>Sandbox — no real payment</strong><span> Use a test card below; nothing is charged.</span></p>
    <h1 id="checkout-title"><span class="lock" aria-hidden="true"></span>Secure checkout</h1>
    <p class="store-name">${escapeHtml(options.storeName)}</p>
  </header>${body}
  <noscript><p class="form-alert">This checkout needs JavaScript to take your payment.</p></noscript>`,
  );
}

/** The document around a checkout page's `<main>`: theme, assets, no indexing. */
function checkoutDocument(titleHtml: string, options: { theme: CheckoutTheme; assets: CheckoutPageAssets }, mainHtml: string): string {
  const themeClass = options.theme ? ` class="theme-${options.theme}"` : '';
  return `<!doctype html>
<html lang="en"${themeClass}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${titleHtml}</title>
<link rel="stylesheet" href="${escapeHtml(options.assets.styleUrl)}">
<script src="${escapeHtml(options.assets.scriptUrl)}" defer></script>
</head>
<body>
<main class="checkout" aria-labelledby="checkout-title">${mainHtml}
</main>
</body>
</html>
`;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** Whether the store has the order yet: a sandbox shows what FastSpring's dashboard would. */
function deliveryStatus(delivery: OrderDelivery | null): string {
  if (!delivery || delivery.delivered) return '';
  if (delivery.attempts === 0)
    return `
    <p class="delivery-status" role="status">The order is being sent to the store.</p>`;
  const next = delivery.nextAttemptAt ? ` Next attempt: ${escapeHtml(timeFormat.format(delivery.nextAttemptAt))} UTC.` : '';
  const attempts = delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`;
  return `
    <p class="delivery-status" role="status">The store has not accepted this order yet (${attempts}; last error: ${escapeHtml(delivery.lastError ?? 'none')}). The sandbox keeps retrying until it does.${next}</p>`;
}

/** The page for a session id nobody has (or one that is malformed). */
export function renderMissingCheckoutPage(options: { storeName: string; theme: CheckoutTheme; assets: CheckoutPageAssets }): string {
  return checkoutDocument(
    `Checkout not found — ${escapeHtml(options.storeName)} (sandbox)`,
    options,
    `
  <header class="checkout-header">
    <p class="sandbox-badge" role="note"><strong>Sandbox — no real payment</strong></p>
    <h1 id="checkout-title">This checkout has expired</h1>
  </header>
  <section class="panel">
    <p>Go back to your cart and check out again.</p>
    <button type="button" class="button" id="cancel">Close</button>
  </section>`,
  );
}

function orderSummary(view: CheckoutView, money: (minor: number) => string): string {
  const { cart } = view;
  const lines = cart.lines
    .map((line) => {
      const was = line.netMinor < line.listMinor ? `<s><span class="visually-hidden">was </span>${escapeHtml(money(line.listMinor))}</s> ` : '';
      const quantity = line.quantity > 1 ? ` <span class="quantity">× ${line.quantity}</span>` : '';
      return `
      <li class="line">
        <span class="line-name">${escapeHtml(line.product.displayName)}${quantity}</span>
        <span class="line-price">${was}${escapeHtml(money(line.netMinor))}</span>
      </li>`;
    })
    .join('');
  const discount =
    cart.couponDiscountMinor > 0
      ? `
      <div class="total-row discount"><dt>Discount <span class="code">${escapeHtml(cart.coupon ?? '')}</span></dt><dd>−${escapeHtml(money(cart.couponDiscountMinor))}</dd></div>`
      : '';
  return `
  <section class="panel summary" aria-labelledby="summary-title">
    <h2 id="summary-title">Your order</h2>
    <ul class="lines">${lines}
    </ul>
    <dl class="totals">
      <div class="total-row"><dt>Subtotal</dt><dd>${escapeHtml(money(cart.netMinor))}</dd></div>${discount}
      <div class="total-row"><dt>Tax</dt><dd>${escapeHtml(money(0))}</dd></div>
      <div class="total-row grand"><dt>Total</dt><dd>${escapeHtml(money(cart.totalMinor))} <span class="currency">${escapeHtml(cart.currency)}</span></dd></div>
    </dl>
  </section>`;
}

interface FieldOptions {
  name: string;
  label: string;
  type?: string;
  autocomplete: string;
  value?: string | undefined;
  hint?: string;
  optional?: boolean;
  narrow?: boolean;
  inputmode?: string;
  placeholder?: string;
  maxlength?: number;
}

function field(options: FieldOptions): string {
  const id = `field-${options.name}`;
  const describedBy = [options.hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  const attributes = [
    `id="${id}"`,
    `name="${options.name}"`,
    `type="${options.type ?? 'text'}"`,
    `autocomplete="${options.autocomplete}"`,
    `aria-describedby="${describedBy}"`,
    options.optional ? '' : 'required aria-required="true"',
    options.inputmode ? `inputmode="${options.inputmode}"` : '',
    options.placeholder ? `placeholder="${escapeHtml(options.placeholder)}"` : '',
    options.maxlength ? `maxlength="${options.maxlength}"` : '',
    options.value ? `value="${escapeHtml(options.value)}"` : '',
    'spellcheck="false"',
  ]
    .filter(Boolean)
    .join(' ');
  return `<div class="field${options.narrow ? ' narrow' : ''}">
        <label for="${id}">${escapeHtml(options.label)}${options.optional ? ' <span class="optional">(optional)</span>' : ''}</label>
        ${options.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(options.hint)}</p>` : ''}
        <input ${attributes}>
        <p class="field-error" id="${id}-error" hidden></p>
      </div>`;
}

function countrySelect(selected: string | undefined): string {
  const options = COUNTRIES.map(({ code, name }) => `<option value="${code}"${code === selected ? ' selected' : ''}>${escapeHtml(name)}</option>`).join('');
  return `<div class="field">
        <label for="field-country">Country</label>
        <select id="field-country" name="country" autocomplete="country" required aria-required="true" aria-describedby="field-country-error">
          <option value=""${selected ? '' : ' selected'}>Choose a country</option>${options}
        </select>
        <p class="field-error" id="field-country-error" hidden></p>
      </div>`;
}

function cardFields(): string {
  const cards = TEST_CARDS.map(
    (card) => `
          <li>
            <code>${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>
            <span>${escapeHtml(card.label)}</span>
            <button type="button" class="button small" data-test-card="${card.number}" aria-label="Use test card ${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}: ${escapeHtml(card.label.toLowerCase())}">Use</button>
          </li>`,
  ).join('');
  return `<fieldset>
      <legend>Card</legend>
      ${field({ name: 'cardNumber', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '1234 1234 1234 1234', maxlength: 23 })}
      <div class="row">
        ${field({ name: 'expiry', label: 'Expiry (MM/YY)', autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM/YY', maxlength: 7, narrow: true })}
        ${field({ name: 'cvc', label: 'Security code (CVC)', autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', maxlength: 4, narrow: true })}
      </div>
      <section class="test-cards" aria-labelledby="test-cards-title">
        <h3 id="test-cards-title">Test cards</h3>
        <p>This is a sandbox: only these numbers work, with any future expiry date and any 3-digit code.</p>
        <ul>${cards}
        </ul>
      </section>
    </fieldset>`;
}
