import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '#server/config/env.ts';
import type { Secrets } from '#server/config/secrets.ts';
import { z } from 'zod';
import type { OutboxMessageRow } from '#server/db/schema.ts';
import { notFound } from '#server/lib/http-error.ts';
import { escapeHtml as e } from '#server/lib/escape-html.ts';
import type { OutboxRepository } from './outbox.repository';

/**
 * The sandbox mailbox: every email the store wrote, readable in the browser while no SMTP
 * server is configured. Registered only in sandbox mode. These pages run no script, so
 * they get a policy of their own that allows the inline styles an email needs and nothing else.
 */
const MAILBOX_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; frame-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** The mailbox exists while emails cannot have gone anywhere else: sandbox payments, no SMTP server. */
export const hasSandboxMailbox = (config: Config) => config.payments.provider === 'sandbox' && !config.mail.smtpUrl;

/** A sandbox on a public address (SANDBOX_ON_PUBLIC_HOST) opens its mailbox only with this key. */
export interface MailboxLock {
  key: string;
  secureCookie: boolean;
}

/**
 * Derived from SESSION_SECRET, so it survives restarts and is the same for every process
 * sharing the store's secrets, without another entry in secrets.json.
 */
export function mailboxLock(config: Config, secrets: Secrets): MailboxLock | undefined {
  if (!config.mail.mailboxLocked || !hasSandboxMailbox(config)) return undefined;
  const key = createHmac('sha256', secrets.SESSION_SECRET).update('sandbox-mailbox-key').digest('base64url');
  return { key, secureCookie: config.publicUrl.startsWith('https:') };
}

/** The link printed at start (on the console, never through the logger) when the mailbox is locked. */
export function lockedMailboxLink(config: Config, secrets: Secrets): string | undefined {
  const lock = mailboxLock(config, secrets);
  return lock && `${config.publicUrl}/dev/mailbox?key=${lock.key}`;
}

const KEY_COOKIE = 'songwish_mailbox_key';

export async function mailboxRoutes(
  fastify: FastifyInstance,
  { outbox, storeName, lock }: { outbox: OutboxRepository; storeName: string; lock?: MailboxLock },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const oneMessage = { config: { input: 'message id' }, schema: { params: idParams } };
  if (lock) app.addHook('onRequest', async (request, reply) => unlock(request, reply, lock, storeName));

  app.get('/dev/mailbox', async (_request, reply) => {
    const messages = await outbox.list(200);
    return sendPage(reply, `Mailbox — ${storeName}`, listBody(messages));
  });

  app.get('/dev/mailbox/:id', oneMessage, async (request, reply) => {
    const message = await findMessage(outbox, request.params.id);
    return sendPage(reply, `${message.subject} — Mailbox`, messageBody(message));
  });

  app.get('/dev/mailbox/:id/html', oneMessage, async (request, reply) => {
    const message = await findMessage(outbox, request.params.id);
    return reply.header('content-security-policy', MAILBOX_CSP).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(message.htmlBody);
  });
}

/**
 * `?key=` once, then a cookie limited to the mailbox's paths; the key leaves the address bar
 * (a redirect) so it is not kept in history or sent on as a Referer.
 */
async function unlock(request: FastifyRequest, reply: FastifyReply, lock: MailboxLock, storeName: string) {
  const [pathname = '', query = ''] = request.url.split('?', 2);
  const offered = new URLSearchParams(query).get('key');
  if (offered !== null && sameKey(offered, lock.key)) {
    const cookie = `${KEY_COOKIE}=${lock.key}; Path=/dev/mailbox; HttpOnly; SameSite=Strict${lock.secureCookie ? '; Secure' : ''}`;
    return reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect(pathname, 303);
  }
  if (offered === null && sameKey(cookieValue(request.headers.cookie, KEY_COOKIE) ?? '', lock.key)) return;
  return sendPage(reply.code(401), `Mailbox locked — ${storeName}`, LOCKED_BODY);
}

const LOCKED_BODY =
  '<h1>This mailbox is locked</h1><p class="note">The store runs its sandbox on a public address, so the emails it keeps (with sign-in and password-reset links) are shown only with the mailbox key.</p>' +
  '<p>Open the link the store printed on its console when it started: it ends in <code>/dev/mailbox?key=…</code>. Whoever runs the store can find it in the output of the process (for example <code>journalctl</code> or <code>docker logs</code>).</p>';

/** Compared as hashes: constant time whatever the length offered. */
function sameKey(offered: string, expected: string) {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(offered), digest(expected));
}

function cookieValue(header: string | undefined, name: string) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

async function findMessage(outbox: OutboxRepository, id: number) {
  const message = await outbox.find(id);
  if (!message) throw notFound(`No message with the id ${id}`);
  return message;
}

function sendPage(reply: FastifyReply, title: string, body: string) {
  return reply
    .header('content-security-policy', MAILBOX_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title><link rel="icon" href="/favicon.svg"><style>${STYLES}</style></head><body><main>${body}</main></body></html>`,
    );
}

const STYLES = `
:root{color-scheme:light dark;--fg:#000;--muted:#575757;--bg:#fff;--card:#F7FAFC;--border:#575757;--accent:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--fg:#fff;--muted:#ccc;--bg:#000;--card:#1a161a;--accent:#93c5fd}}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
main{max-width:900px;margin:0 auto;padding:24px 16px}
h1{font-size:1.5rem;margin:0 0 4px}p.note{color:var(--muted);margin:0 0 24px}
a{color:var(--accent)}
ul{list-style:none;margin:0;padding:0}
li{border:1px solid var(--border);border-radius:8px;background:var(--card);margin:0 0 12px;padding:12px 16px}
li a{font-weight:600;text-decoration:none}li a:hover{text-decoration:underline}
.meta{color:var(--muted);font-size:.875rem;overflow-wrap:anywhere}
.status{display:inline-block;border:1px solid var(--border);border-radius:999px;padding:0 8px;font-size:.75rem;margin-left:6px}
iframe{width:100%;height:70vh;border:1px solid var(--border);border-radius:8px;background:#fff}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--card);border:1px solid var(--border);border-radius:8px;padding:12px;font-size:.875rem}
`;

function listBody(messages: OutboxMessageRow[]) {
  const items =
    messages.length === 0
      ? '<p>No emails yet. Complete a sandbox checkout and the order confirmation appears here.</p>'
      : `<ul>${messages
          .map(
            (message) =>
              `<li><a href="/dev/mailbox/${message.id}">${e(message.subject)}</a><span class="status">${e(message.status)}</span><div class="meta">To ${e(message.toAddress)} · ${e(message.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</div></li>`,
          )
          .join('')}</ul>`;
  return `<h1>Sandbox mailbox</h1><p class="note">Emails the store has written. No mail server is configured (SMTP_URL), so nothing left this machine.</p>${items}`;
}

function messageBody(message: OutboxMessageRow) {
  return `<p><a href="/dev/mailbox">← All emails</a></p><h1>${e(message.subject)}</h1><p class="meta">To ${e(message.toAddress)} · ${e(
    message.createdAt.toISOString().replace('T', ' ').slice(0, 19),
  )} UTC · ${e(message.status)}</p><iframe title="Email: ${e(message.subject)}" sandbox src="/dev/mailbox/${message.id}/html"></iframe><h2>Plain text</h2><pre>${e(message.textBody)}</pre>`;
}
