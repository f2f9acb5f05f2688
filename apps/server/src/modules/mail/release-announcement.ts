import { escapeHtml } from '#server/lib/escape-html.ts';
import { renderMarkdown } from '#server/lib/markdown.ts';
import type { RenderedEmail } from './order-confirmation';

/** The outbox kind of a release email; the sender adds its unsubscribe headers by this kind. */
export const RELEASE_EMAIL_KIND = 'release-announcement';

export interface ReleaseAnnouncementInput {
  storeName: string;
  productName: string;
  version: string;
  major: boolean;
  changelogMarkdown: string;
  /** The account page's downloads. */
  downloadsUrl: string;
  unsubscribeUrl: string;
}

/**
 * The email an owner who asked for release emails gets when a new version is published: the
 * changelog (Markdown rendered with the catalogue's safe renderer), where to download it, and a
 * one-click way to stop these emails.
 */
export function renderReleaseAnnouncement(input: ReleaseAnnouncementInput): RenderedEmail {
  const subject = `${input.productName} ${input.version} is out`;
  return { subject, text: renderText(input), html: renderHtml(input, subject) };
}

const lead = (input: ReleaseAnnouncementInput) =>
  `${input.major ? 'A major new version' : 'A new version'} of ${input.productName} is ready: ${input.version}.`;

function renderText(input: ReleaseAnnouncementInput): string {
  const notes = input.changelogMarkdown.trim();
  return [
    'Hi,',
    '',
    lead(input),
    ...(notes ? ['', "What's new:", '', notes] : []),
    '',
    `Download it from your account: ${input.downloadsUrl}`,
    '',
    `The ${input.storeName} team`,
    '',
    `You get this email because you own ${input.productName} and asked for release emails. Stop them: ${input.unsubscribeUrl}`,
  ].join('\n');
}

function renderHtml(input: ReleaseAnnouncementInput, subject: string): string {
  const e = escapeHtml;
  const notes = input.changelogMarkdown.trim();
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#000000;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5">
<div style="max-width:560px;margin:0 auto">
<h1 style="font-size:22px;margin:0 0 16px">${e(subject)}</h1>
<p>Hi,</p>
<p>${e(lead(input))}</p>
${notes ? `<h2 style="font-size:18px;margin:24px 0 8px">What's new</h2>\n<div>${renderMarkdown(notes, { topHeading: 3 })}</div>` : ''}
<p style="margin:24px 0"><a href="${e(input.downloadsUrl)}" style="display:inline-block;padding:10px 16px;background:#000;color:#fff;border-radius:6px;text-decoration:none">Download ${e(input.version)} from your account</a></p>
<p>The ${e(input.storeName)} team</p>
<p style="color:#575757;font-size:13px;border-top:1px solid #ddd;padding-top:12px">You get this email because you own ${e(input.productName)} and asked for release emails. <a href="${e(input.unsubscribeUrl)}">Stop release emails</a>.</p>
</div></body></html>`;
}
