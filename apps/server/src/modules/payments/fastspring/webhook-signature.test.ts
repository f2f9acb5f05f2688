import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidWebhookSignature, signWebhookBody } from './webhook-signature';

const SECRET = 'a-webhook-secret-for-tests';

describe('FastSpring webhook signatures', () => {
  it('is base64 HMAC-SHA256 of the raw body', () => {
    const body = '{"events":[]}';
    expect(signWebhookBody(SECRET, body)).toBe(createHmac('sha256', SECRET).update(body).digest('base64'));
  });

  it('accepts the exact bytes only', () => {
    const body = Buffer.from('{"events":[{"id":"e1"}]}');
    const signature = signWebhookBody(SECRET, body);
    expect(isValidWebhookSignature(SECRET, body, signature)).toBe(true);
    expect(isValidWebhookSignature(SECRET, body, ` ${signature} `)).toBe(true);
    expect(isValidWebhookSignature(SECRET, Buffer.from('{"events":[{"id":"e2"}]}'), signature)).toBe(false);
    expect(isValidWebhookSignature('another-secret', body, signature)).toBe(false);
  });

  it('refuses missing, repeated or oversized headers', () => {
    const body = Buffer.from('{}');
    expect(isValidWebhookSignature(SECRET, body, undefined)).toBe(false);
    expect(isValidWebhookSignature(SECRET, body, '')).toBe(false);
    expect(isValidWebhookSignature(SECRET, body, [signWebhookBody(SECRET, body)])).toBe(false);
    expect(isValidWebhookSignature(SECRET, body, 'x'.repeat(10_000))).toBe(false);
  });
});
