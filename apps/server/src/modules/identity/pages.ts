import { createHash } from 'node:crypto';
import { escapeHtml as e } from '#server/lib/escape-html.ts';

/**
 * The embedded provider's pages: sign in, create account, check your inbox, forgot and reset
 * password, email confirmed, signed out, errors. Server-rendered, styled like the store (its
 * theme colours; dark by default, light when the system asks for it), readable at 390 px,
 * and free of inline script and style: the stylesheet and the one script (sign-out without a
 * confirmation click) are files, so the store's strict Content-Security-Policy applies as is.
 * Forms post normally; errors are tied to their fields and the first one takes the focus.
 */

const STYLES = `
:root{color-scheme:dark;--primary:#fff;--secondary:#ccc;--tertiary:#1a161a;--border:#575757;--background:#000;--danger:#ff8a80;--focus:#8ef971}
@media (prefers-color-scheme:light){:root{color-scheme:light;--primary:#000;--secondary:#575757;--tertiary:#F7FAFC;--border:#575757;--background:#fff;--danger:#b00020;--focus:#1d4ed8}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--background);color:var(--primary);font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
a{color:var(--primary);text-underline-offset:2px}
a:hover{color:var(--secondary)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-9999px}.skip:focus{left:16px;top:16px;background:var(--background);padding:8px}
header{border-bottom:1px solid var(--border);padding:16px}
header a{font-weight:700;font-size:1.25rem;text-decoration:none}
main{display:flex;justify-content:center;padding:32px 16px 48px}
.card{width:100%;max-width:420px;background:var(--tertiary);border:1px solid var(--border);border-radius:12px;padding:28px 24px}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 8px}
p{margin:0 0 16px;color:var(--secondary)}
p strong{color:var(--primary)}
form{margin:0}
.field{margin:0 0 16px}
label{display:block;font-weight:600;margin:0 0 6px}
input[type=email],input[type=password],input[type=text]{display:block;width:100%;min-height:44px;padding:10px 12px;font:inherit;color:var(--primary);background:var(--background);border:1px solid var(--border);border-radius:8px}
input[aria-invalid=true]{border-color:var(--danger);border-width:2px}
input[readonly]{background:transparent;border-style:dashed}
.hint{font-size:.875rem;color:var(--secondary);margin:6px 0 0}
.field-error{font-size:.875rem;color:var(--danger);margin:6px 0 0;font-weight:600}
.alert{border:2px solid var(--danger);border-radius:8px;padding:12px 14px;margin:0 0 20px;color:var(--primary)}
.alert p{margin:0;color:var(--primary)}
.notice{border:1px solid var(--border);border-radius:8px;padding:12px 14px;margin:0 0 20px}
.row{display:flex;gap:12px;flex-wrap:wrap}.row .field{flex:1 1 140px}
button,.button{display:inline-flex;align-items:center;justify-content:center;width:100%;min-height:44px;padding:10px 16px;font:inherit;font-weight:700;color:var(--background);background:var(--primary);border:1px solid var(--primary);border-radius:8px;cursor:pointer;text-decoration:none}
button:hover,.button:hover{color:var(--background);background:var(--secondary);border-color:var(--secondary)}
.secondary-button{color:var(--primary);background:transparent;border-color:var(--border)}
.secondary-button:hover{color:var(--primary);background:var(--background)}
.links{margin:20px 0 0;padding:16px 0 0;border-top:1px solid var(--border);display:grid;gap:8px}
.links p{margin:0}
.inline-form{margin:16px 0 0}
`;

/** Clicks the sign-out button as soon as the page loads: no extra confirmation for the shopper. */
const LOGOUT_SCRIPT = `document.addEventListener('DOMContentLoaded',function(){var b=document.getElementById('logout-button');if(b){b.click();}});\n`;

const assetName = (stem: string, ext: string, content: string) => `${stem}-${createHash('sha256').update(content).digest('hex').slice(0, 12)}.${ext}`;

export const IDENTITY_ASSETS: Record<string, { type: string; body: string }> = {
  [assetName('identity', 'css', STYLES)]: { type: 'text/css; charset=utf-8', body: STYLES },
  [assetName('logout', 'js', LOGOUT_SCRIPT)]: { type: 'text/javascript; charset=utf-8', body: LOGOUT_SCRIPT },
};
const STYLESHEET = `/idp/assets/${assetName('identity', 'css', STYLES)}`;
const LOGOUT_SCRIPT_SRC = `/idp/assets/${assetName('logout', 'js', LOGOUT_SCRIPT)}`;

export interface PageContext {
  storeName: string;
  /** The shop's address (PUBLIC_URL). */
  storeUrl: string;
}

function page(context: PageContext, title: string, body: string, options: { script?: string } = {}) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="dark light"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">
<title>${e(title)} — ${e(context.storeName)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="${STYLESHEET}">${
    options.script ? `<script src="${options.script}" defer></script>` : ''
  }</head>
<body><a class="skip" href="#main">Skip to content</a><header><a href="${e(context.storeUrl)}/">${e(context.storeName)}</a></header>
<main id="main"><div class="card">${body}</div></main></body></html>`;
}

export type FieldErrors = Partial<Record<string, string>>;

interface FieldSpec {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  value?: string;
  hint?: string;
  maxLength?: number;
  minLength?: number;
}

/** A labelled input; its error and hint are announced with it, and the first invalid field gets the focus. */
function field(spec: FieldSpec, errors: FieldErrors, focus: boolean) {
  const error = errors[spec.name];
  const describedBy = [spec.hint && `${spec.name}-hint`, error && `${spec.name}-error`].filter(Boolean).join(' ');
  return `<div class="field"><label for="${spec.name}">${e(spec.label)}</label><input id="${spec.name}" name="${spec.name}" type="${spec.type}" autocomplete="${spec.autocomplete}" required${
    spec.maxLength ? ` maxlength="${spec.maxLength}"` : ''
  }${spec.minLength ? ` minlength="${spec.minLength}"` : ''}${spec.value !== undefined && spec.type !== 'password' ? ` value="${e(spec.value)}"` : ''}${
    describedBy ? ` aria-describedby="${describedBy}"` : ''
  }${error ? ' aria-invalid="true"' : ''}${focus ? ' autofocus' : ''}>${spec.hint ? `<p class="hint" id="${spec.name}-hint">${e(spec.hint)}</p>` : ''}${
    error ? `<p class="field-error" id="${spec.name}-error">${e(error)}</p>` : ''
  }</div>`;
}

function fields(specs: FieldSpec[], errors: FieldErrors) {
  const firstInvalid = specs.find((spec) => errors[spec.name]);
  const focusName = firstInvalid?.name ?? (errors.form ? undefined : specs[0]?.name);
  return specs.map((spec) => field(spec, errors, spec.name === focusName)).join('');
}

function alert(errors: FieldErrors) {
  const messages = Object.values(errors).filter((message): message is string => Boolean(message));
  if (messages.length === 0) return '';
  const summary = errors.form ?? (messages.length === 1 ? 'Please fix the problem below.' : `Please fix the ${messages.length} problems below.`);
  return `<div class="alert" role="alert"><p>${e(summary)}</p></div>`;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${e(value)}">`;

export interface InteractionPageInput {
  uid: string;
  csrf: string;
  values?: Partial<Record<'email' | 'given_name' | 'family_name', string>>;
  errors?: FieldErrors;
}

const base = (uid: string) => `/idp/interaction/${encodeURIComponent(uid)}`;

export const PASSWORD_RULE = 'At least 10 characters. A few unrelated words make a strong one.';

export function loginPage(context: PageContext, input: InteractionPageInput) {
  const errors = input.errors ?? {};
  return page(
    context,
    'Sign in',
    `<h1>Sign in</h1><p>Use the email address you bought with, and your orders and downloads appear in your account.</p>${alert(errors)}
<form method="post" action="${base(input.uid)}/login" novalidate>${hidden('csrf', input.csrf)}${fields(
      [
        { name: 'email', label: 'Email', type: 'email', autocomplete: 'username', value: input.values?.email ?? '', maxLength: 254 },
        { name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', maxLength: 200 },
      ],
      errors,
    )}<button type="submit">Sign in</button></form>
<div class="links"><p><a href="${base(input.uid)}/forgot">Forgot your password?</a></p><p>New here? <a href="${base(input.uid)}/signup">Create an account</a></p><p><a href="${e(context.storeUrl)}/">Back to the store</a></p></div>`,
  );
}

export function signupPage(context: PageContext, input: InteractionPageInput) {
  const errors = input.errors ?? {};
  return page(
    context,
    'Create your account',
    `<h1>Create your account</h1><p>Sign up with the email address you used for your purchases to see your orders, licences and downloads.</p>${alert(errors)}
<form method="post" action="${base(input.uid)}/signup" novalidate>${hidden('csrf', input.csrf)}${fields(
      [
        { name: 'given_name', label: 'First name', type: 'text', autocomplete: 'given-name', value: input.values?.given_name ?? '', maxLength: 100 },
        { name: 'family_name', label: 'Last name', type: 'text', autocomplete: 'family-name', value: input.values?.family_name ?? '', maxLength: 100 },
        { name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: input.values?.email ?? '', maxLength: 254 },
        { name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_RULE, minLength: 10, maxLength: 200 },
      ],
      errors,
    )}<button type="submit">Create account</button></form>
<div class="links"><p>Already have an account? <a href="${base(input.uid)}/login">Sign in</a></p><p><a href="${e(context.storeUrl)}/">Back to the store</a></p></div>`,
  );
}

export function checkInboxPage(context: PageContext, input: { uid: string; csrf: string; email: string; reason: 'signup' | 'reset' | 'resent' }) {
  const message =
    input.reason === 'reset'
      ? `If an account exists for <strong>${e(input.email)}</strong>, we have sent it a link to choose a new password. The link works for 1 hour.`
      : `We have sent a message to <strong>${e(input.email)}</strong>. Open the link in it to confirm your email address; the link works for 24 hours.`;
  const resend =
    input.reason === 'reset'
      ? ''
      : `<form class="inline-form" method="post" action="${base(input.uid)}/resend">${hidden('csrf', input.csrf)}${hidden('email', input.email)}<button class="secondary-button" type="submit">Send the email again</button></form>`;
  return page(
    context,
    'Check your inbox',
    `<h1 tabindex="-1" autofocus>Check your inbox</h1><div class="notice" role="status"><p>${message}</p></div><p>Nothing there? Look in your spam folder, or check the address for typos.</p>${resend}
<div class="links"><p><a href="${base(input.uid)}/login">Continue to sign in</a></p><p><a href="${e(context.storeUrl)}/">Back to the store</a></p></div>`,
  );
}

export function forgotPasswordPage(context: PageContext, input: InteractionPageInput) {
  const errors = input.errors ?? {};
  return page(
    context,
    'Reset your password',
    `<h1>Reset your password</h1><p>Enter the email address of your account and we will send you a link to choose a new password.</p>${alert(errors)}
<form method="post" action="${base(input.uid)}/forgot" novalidate>${hidden('csrf', input.csrf)}${fields(
      [{ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: input.values?.email ?? '', maxLength: 254 }],
      errors,
    )}<button type="submit">Send the link</button></form>
<div class="links"><p><a href="${base(input.uid)}/login">Back to sign in</a></p></div>`,
  );
}

export function resetPasswordPage(context: PageContext, input: { token: string; errors?: FieldErrors }) {
  const errors = input.errors ?? {};
  return page(
    context,
    'Choose a new password',
    `<h1>Choose a new password</h1>${alert(errors)}
<form method="post" action="/idp/reset-password" novalidate>${hidden('token', input.token)}${fields(
      [{ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_RULE, minLength: 10, maxLength: 200 }],
      errors,
    )}<button type="submit">Save the new password</button></form>`,
  );
}

/**
 * The address a confirmation link is for, shown read-only: the shopper sees which account they
 * confirm, and password managers find the username that goes with the password field.
 */
const accountEmailField = (email: string | undefined) =>
  email
    ? `<div class="field"><label for="username">Email</label><input id="username" name="username" type="email" autocomplete="username" value="${e(email)}" readonly></div>`
    : '';

/**
 * What the email confirmation link opens. Opening it confirms nothing: mail scanners fetch
 * links before the shopper does, and would use up the single-use token. Confirming takes the
 * account's password too: the link proves the mailbox, the password proves the clicker is the
 * one who chose it. Whoever does not know it sets a new one with the same link.
 */
export function verifyEmailPage(context: PageContext, input: { token: string; email?: string; errors?: FieldErrors }) {
  const errors = input.errors ?? {};
  return page(
    context,
    'Confirm your email address',
    `<h1>Confirm your email address</h1><p>Enter the password you chose for your ${e(context.storeName)} account to confirm this email address. Your orders, licences and downloads then appear in your account.</p>${alert(errors)}
<form method="post" action="/idp/verify-email" novalidate>${hidden('token', input.token)}${accountEmailField(input.email)}${fields([{ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', maxLength: 200 }], errors)}<button type="submit">Verify my email</button></form>
<div class="links"><p>Did not create this account, or forgot the password? <a href="/idp/verify-email/new-password?token=${encodeURIComponent(input.token)}">Set a new password</a></p><p><a href="${e(context.storeUrl)}/">Back to the store</a></p></div>`,
  );
}

/** The way out of the confirmation page: the link proves the mailbox, and the new password becomes the only one. */
export function verifyEmailNewPasswordPage(context: PageContext, input: { token: string; email?: string; errors?: FieldErrors }) {
  const errors = input.errors ?? {};
  return page(
    context,
    'Set a new password',
    `<h1>Set a new password</h1><p>Choose a new password to confirm this email address. The account is then yours alone: any other password stops working and everyone signed in to it is signed out.</p>${alert(errors)}
<form method="post" action="/idp/verify-email/new-password" novalidate>${hidden('token', input.token)}${accountEmailField(input.email)}${fields(
      [{ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_RULE, minLength: 10, maxLength: 200 }],
      errors,
    )}<button type="submit">Save the password and confirm</button></form>
<div class="links"><p><a href="/idp/verify-email?token=${encodeURIComponent(input.token)}">I know the password</a></p><p><a href="${e(context.storeUrl)}/">Back to the store</a></p></div>`,
  );
}

export function messagePage(
  context: PageContext,
  input: { title: string; paragraphs: string[]; action?: { label: string; href: string }; role?: 'status' | 'alert' },
) {
  const action = input.action ? `<p><a class="button" href="${e(input.action.href)}">${e(input.action.label)}</a></p>` : '';
  return page(
    context,
    input.title,
    `<h1 tabindex="-1" autofocus>${e(input.title)}</h1><div${input.role ? ` role="${input.role}"` : ''}>${input.paragraphs
      .map((text) => `<p>${e(text)}</p>`)
      .join('')}</div>${action}`,
  );
}

/**
 * oidc-provider's logout page. Asked by the store (with its ID token as the hint), the script
 * submits it at once; asked by anything else, it asks: another site must not sign shoppers out.
 */
export function logoutPage(context: PageContext, providerForm: string, options: { confirm: boolean }) {
  if (options.confirm) {
    return page(
      context,
      'Sign out?',
      `<h1>Sign out?</h1><p>Do you want to sign out of ${e(context.storeName)}?</p>${providerForm}<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<div class="links"><p><a href="${e(context.storeUrl)}/">Stay signed in and go back to the store</a></p></div>`,
    );
  }
  return page(
    context,
    'Signing out',
    `<h1>Signing you out…</h1><p>One moment, you are being signed out of ${e(context.storeName)}.</p>${providerForm}<button id="logout-button" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<div class="links"><p><a href="${e(context.storeUrl)}/">Stay signed in and go back to the store</a></p></div>`,
    { script: LOGOUT_SCRIPT_SRC },
  );
}

export function errorPage(context: PageContext, input: { title: string; message: string; detail?: string }) {
  return messagePage(context, {
    title: input.title,
    paragraphs: [input.message, ...(input.detail ? [input.detail] : [])],
    action: { label: 'Back to the store', href: `${context.storeUrl}/` },
    role: 'alert',
  });
}
