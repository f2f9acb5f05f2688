import { escapeHtml } from '#server/lib/escape-html.ts';

/**
 * The order confirmation email: products, licence keys and download links, as plain text
 * and as simple HTML (inline styles only; mail clients ignore style sheets).
 */
export interface ConfirmationInput {
  storeName: string;
  storeUrl: string;
  supportEmail: string;
  reference: string;
  completedAt: Date;
  customerName: string | null;
  total: string;
  linkValidDays: number;
  items: Array<{
    display: string;
    quantity: number;
    licenceKeys: string[];
    licenceSeats: number | null;
    /** A trial key: when it ends, and whether it is the trial key this email address already had (one trial per email). */
    trial?: { expiresAt: Date; alreadyHad: boolean };
    version: string | null;
    downloads: Array<{ label: string; url: string; size: string }>;
  }>;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export function renderOrderConfirmation(input: ConfirmationInput): RenderedEmail {
  return {
    subject: `Your ${input.storeName} order ${input.reference}`,
    text: renderText(input),
    html: renderHtml(input),
  };
}

function greeting(input: ConfirmationInput) {
  return input.customerName ? `Hi ${input.customerName},` : 'Hi,';
}

// Built once: toLocaleDateString with options builds a new formatter on every call, which was a
// visible share of the store's CPU per recorded order (ADR 0039). Same text.
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function dateText(date: Date) {
  return DATE_FORMAT.format(date);
}

/** What the email says about a trial key: when it ends (or ended, seen from the order's date), and that it is the one sent before when it is. */
function trialNote(trial: { expiresAt: Date; alreadyHad: boolean }, orderedAt: Date): string {
  const ends = `${trial.expiresAt > orderedAt ? 'ends' : 'ended'} on ${dateText(trial.expiresAt)}`;
  return trial.alreadyHad
    ? `You already have a trial of this product: one trial per email address. This is the trial key you received before; it ${ends}.`
    : `This trial key ${ends}.`;
}

function renderText(input: ConfirmationInput): string {
  const lines = [
    greeting(input),
    '',
    `Thanks for your order! Here is everything you bought from ${input.storeName}.`,
    '',
    `Order: ${input.reference}`,
    `Date: ${dateText(input.completedAt)}`,
    `Total: ${input.total}`,
  ];
  for (const item of input.items) {
    lines.push('', `${item.display}${item.quantity > 1 ? ` × ${item.quantity}` : ''}${item.version ? ` (version ${item.version})` : ''}`);
    if (item.licenceKeys.length > 0) {
      const seats = item.licenceSeats ? ` — each key activates up to ${item.licenceSeats} computer${item.licenceSeats === 1 ? '' : 's'}` : '';
      lines.push(`  Licence key${item.licenceKeys.length > 1 ? 's' : ''}${seats}:`);
      for (const key of item.licenceKeys) lines.push(`    ${key}`);
      if (item.trial) lines.push(`  ${trialNote(item.trial, input.completedAt)}`);
    }
    if (item.downloads.length > 0) {
      lines.push('  Downloads:');
      for (const download of item.downloads) lines.push(`    ${download.label} (${download.size}): ${download.url}`);
    }
  }
  lines.push(
    '',
    `The download links work for ${input.linkValidDays} days. After that, sign in at ${input.storeUrl}/account with this email address to download again.`,
    '',
    `Questions? Write to ${input.supportEmail}.`,
    '',
    'Happy producing :)',
    `The ${input.storeName} team`,
  );
  return lines.join('\n');
}

function renderHtml(input: ConfirmationInput): string {
  const e = escapeHtml;
  const items = input.items
    .map((item) => {
      const keys =
        item.licenceKeys.length === 0
          ? ''
          : `<p style="margin:8px 0 4px">Licence key${item.licenceKeys.length > 1 ? 's' : ''}${
              item.licenceSeats ? ` (each activates up to ${item.licenceSeats} computer${item.licenceSeats === 1 ? '' : 's'})` : ''
            }:</p>${item.licenceKeys
              .map(
                (key) =>
                  `<code style="display:inline-block;margin:2px 0;padding:4px 8px;background:#f2f2f2;border-radius:4px;font-size:15px;letter-spacing:1px">${e(key)}</code>`,
              )
              .join('<br>')}${item.trial ? `<p style="margin:4px 0">${e(trialNote(item.trial, input.completedAt))}</p>` : ''}`;
      const downloads =
        item.downloads.length === 0
          ? ''
          : `<ul style="margin:8px 0 0;padding-left:20px">${item.downloads
              .map((download) => `<li><a href="${e(download.url)}">${e(download.label)}</a> (${e(download.size)})</li>`)
              .join('')}</ul>`;
      return `<tr><td style="padding:16px 0;border-top:1px solid #ddd"><strong>${e(item.display)}</strong>${
        item.quantity > 1 ? ` × ${item.quantity}` : ''
      }${item.version ? ` <span style="color:#575757">version ${e(item.version)}</span>` : ''}${keys}${downloads}</td></tr>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(`Your ${input.storeName} order ${input.reference}`)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#000000;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5">
<div style="max-width:560px;margin:0 auto">
<h1 style="font-size:22px;margin:0 0 16px">Thanks for your order!</h1>
<p>${e(greeting(input))}</p>
<p>Here is everything you bought from ${e(input.storeName)}.</p>
<p style="color:#575757">Order <strong style="color:#000">${e(input.reference)}</strong> · ${e(dateText(input.completedAt))} · Total <strong style="color:#000">${e(input.total)}</strong></p>
<table role="presentation" style="width:100%;border-collapse:collapse">${items}</table>
<p style="color:#575757;font-size:14px">The download links work for ${input.linkValidDays} days. After that, <a href="${e(`${input.storeUrl}/account`)}">sign in</a> with this email address to download again.</p>
<p style="font-size:14px">Questions? Write to <a href="mailto:${e(input.supportEmail)}">${e(input.supportEmail)}</a>.</p>
<p>Happy producing :)<br>The ${e(input.storeName)} team</p>
</div></body></html>`;
}
