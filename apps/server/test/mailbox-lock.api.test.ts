import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockedMailboxLink } from '../src/modules/mail/mailbox.routes';
import { outboxMessages } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers';

describe('the sandbox mailbox of a store on a public address (SANDBOX_ON_PUBLIC_HOST=true)', () => {
  let t: TestApp;
  let messageId: number;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { HOST: '0.0.0.0', SANDBOX_ON_PUBLIC_HOST: 'true' }, seed: false });
    const [row] = await t.database.db
      .insert(outboxMessages)
      .values({
        dedupeKey: 'reset-1',
        kind: 'password-reset',
        toAddress: 'customer@example.com',
        subject: 'Reset your password',
        textBody: 'https://shop/reset?token=secret-token',
        htmlBody: '<p>secret-token</p>',
        status: 'held',
      })
      .returning();
    messageId = row!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows nothing without the key: no list, no message, no reset link', async () => {
    for (const url of ['/dev/mailbox', `/dev/mailbox/${messageId}`, `/dev/mailbox/${messageId}/html`, '/dev/mailbox?key=guess']) {
      const response = await t.app.inject({ url, headers: { cookie: 'songwish_mailbox_key=guess' } });
      expect(response.statusCode, url).toBe(401);
      expect(response.body).not.toContain('customer@example.com');
      expect(response.body).not.toContain('secret-token');
      expect(response.body).toContain('/dev/mailbox?key=');
    }
  });

  it('opens with the key printed at start, then remembers it in a cookie for the mailbox only', async () => {
    const link = new URL(lockedMailboxLink(t.config, t.secrets)!);
    expect(link.pathname).toBe('/dev/mailbox');
    const unlock = await t.app.inject(`${link.pathname}${link.search}`);
    expect(unlock.statusCode).toBe(303);
    expect(unlock.headers.location).toBe('/dev/mailbox');
    const cookie = unlock.cookies[0] as { name: string; value: string; path: string; httpOnly: boolean; sameSite: string };
    expect(cookie).toMatchObject({ path: '/dev/mailbox', httpOnly: true, sameSite: 'Strict' });

    const headers = { cookie: `${cookie.name}=${cookie.value}` };
    const list = await t.app.inject({ url: '/dev/mailbox', headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('customer@example.com');
    expect((await t.app.inject({ url: `/dev/mailbox/${messageId}/html`, headers })).body).toContain('secret-token');
  });
});

describe('the sandbox mailbox on loopback', () => {
  it('stays open and needs no key', async () => {
    const t = await createTestApp('pglite', { seed: false });
    try {
      expect(lockedMailboxLink(t.config, t.secrets)).toBeUndefined();
      expect((await t.app.inject('/dev/mailbox')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
