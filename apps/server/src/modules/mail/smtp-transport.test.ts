import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxMessageRow } from '#server/db/schema.ts';
import { smtpTransport } from './outbox-sender';

/** The least of an SMTP server that takes one message at a time: what it received, as raw DATA text. */
async function startSmtpServer(): Promise<{ server: Server; url: string; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let data = '';
    let pending = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      pending += chunk.toString('utf8');
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const message = {
  toAddress: 'buyer@example.com',
  subject: 'Your order',
  textBody: 'Thanks for your order!',
  htmlBody: '<p>Thanks for your order!</p>',
} as OutboxMessageRow;

describe('smtpTransport', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('hands each message to the mail server, with its sender, recipient, subject and extra headers', async () => {
    const smtp = await startSmtpServer();
    server = smtp.server;
    const send = smtpTransport(smtp.url, 'Store <store@example.com>', () => ({ 'List-Unsubscribe': '<https://store.example/unsubscribe>' }));
    await send(message);
    await send({ ...message, subject: 'Your second order' });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[0]).toContain('From: Store <store@example.com>');
    expect(smtp.received[0]).toContain('To: buyer@example.com');
    expect(smtp.received[0]).toContain('Subject: Your order');
    expect(smtp.received[0]).toContain('List-Unsubscribe: <https://store.example/unsubscribe>');
    expect(smtp.received[1]).toContain('Subject: Your second order');
  });

  it('rejects when the mail server cannot be reached, so the outbox tries the message again', async () => {
    const smtp = await startSmtpServer();
    const { url } = smtp;
    smtp.server.close();
    await once(smtp.server, 'close');
    await expect(smtpTransport(url, 'store@example.com')(message)).rejects.toThrow(/ECONNREFUSED/);
  });
});
