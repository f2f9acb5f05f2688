import { escapeHtml as e } from '#server/lib/escape-html.ts';
import type { RenderedEmail } from '../mail/order-confirmation';

/** The emails of the embedded identity provider, as plain text and simple inline-styled HTML. */
export interface IdentityEmailContext {
  storeName: string;
  storeUrl: string;
  supportEmail: string;
}

function layout(context: IdentityEmailContext, title: string, paragraphs: string[], action?: { label: string; url: string }, after: string[] = []) {
  const button = action
    ? `<p style="margin:24px 0"><a href="${e(action.url)}" style="display:inline-block;padding:12px 20px;background:#000000;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${e(action.label)}</a></p><p style="color:#575757;font-size:14px;overflow-wrap:anywhere">Or copy this link into your browser: ${e(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(title)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#000000;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5">
<div style="max-width:560px;margin:0 auto">
<h1 style="font-size:22px;margin:0 0 16px">${e(title)}</h1>
${paragraphs.map((text) => `<p>${e(text)}</p>`).join('\n')}
${button}
${after.map((line) => `<p style="font-size:14px;color:#575757">${e(line)}</p>`).join('\n')}
<p style="font-size:14px;color:#575757">Questions? Write to <a href="mailto:${e(context.supportEmail)}">${e(context.supportEmail)}</a>.</p>
<p>The ${e(context.storeName)} team</p>
</div></body></html>`;
}

function text(context: IdentityEmailContext, lines: string[]) {
  return [...lines, '', `Questions? Write to ${context.supportEmail}.`, '', `The ${context.storeName} team`].join('\n');
}

export function verificationEmail(context: IdentityEmailContext, input: { firstName: string; link: string; validHours: number }): RenderedEmail {
  const greeting = `Hi ${input.firstName},`;
  const body = `Confirm your email address to finish creating your ${context.storeName} account. Your orders made with this address then appear in your account.`;
  const note = `The link works for ${input.validHours} hours. If you did not create an account, ignore this email.`;
  return {
    subject: `Confirm your email for ${context.storeName}`,
    text: text(context, [greeting, '', body, '', `Confirm your email: ${input.link}`, '', note]),
    html: layout(context, 'Confirm your email address', [greeting, body], { label: 'Confirm my email', url: input.link }, [note]),
  };
}

export function passwordResetEmail(context: IdentityEmailContext, input: { firstName: string; link: string; validMinutes: number }): RenderedEmail {
  const greeting = `Hi ${input.firstName},`;
  const body = `Someone (hopefully you) asked to reset the password of your ${context.storeName} account.`;
  const note = `The link works for ${input.validMinutes} minutes and only once. If you did not ask for it, ignore this email: your password stays as it is.`;
  return {
    subject: `Reset your ${context.storeName} password`,
    text: text(context, [greeting, '', body, '', `Choose a new password: ${input.link}`, '', note]),
    html: layout(context, 'Reset your password', [greeting, body], { label: 'Choose a new password', url: input.link }, [note]),
  };
}

/** Sent instead of a second account: the sign-up form must not reveal that the address is taken. */
export function existingAccountEmail(context: IdentityEmailContext, input: { firstName: string; signInUrl: string; unconfirmed?: boolean }): RenderedEmail {
  const greeting = `Hi ${input.firstName},`;
  const body = `Someone tried to create a ${context.storeName} account with this email address, but you already have one.`;
  const hint = input.unconfirmed
    ? 'That account was never confirmed. If you did not create it, or forgot its password, choose "Forgot your password?" on the sign-in page: the link we email you lets you set a new password, and the account is then yours alone (anyone else is signed out).'
    : 'To get in, sign in with your password. Forgot it? Choose "Forgot your password?" on the sign-in page and we will email you a link.';
  return {
    subject: `You already have a ${context.storeName} account`,
    text: text(context, [greeting, '', body, hint, '', `Sign in: ${input.signInUrl}`, '', 'If this was not you, ignore this email.']),
    html: layout(context, 'You already have an account', [greeting, body, hint], { label: 'Sign in', url: input.signInUrl }, [
      'If this was not you, ignore this email.',
    ]),
  };
}
