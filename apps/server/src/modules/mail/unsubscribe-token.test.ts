import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from './unsubscribe-token';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('unsubscribe tokens', () => {
  it('name the lower-case address they were made for', () => {
    expect(readUnsubscribeToken(SECRET, unsubscribeToken(SECRET, 'Sam@Example.com'))).toBe('sam@example.com');
  });

  it('are refused when signed with another secret, altered, or for another address', () => {
    const token = unsubscribeToken(SECRET, 'sam@example.com');
    const [, signature] = token.split('.');
    expect(readUnsubscribeToken(`${SECRET}x`, token)).toBeUndefined();
    expect(readUnsubscribeToken(SECRET, `${token}A`)).toBeUndefined();
    expect(readUnsubscribeToken(SECRET, `${Buffer.from('kim@example.com').toString('base64url')}.${signature}`)).toBeUndefined();
    for (const broken of ['', '.', 'abc', `${token}.extra`]) expect(readUnsubscribeToken(SECRET, broken)).toBeUndefined();
  });

  it('give RFC 8058 one-click headers naming the link', () => {
    const url = unsubscribeUrl('https://store.example', unsubscribeToken(SECRET, 'sam@example.com'));
    expect(url).toMatch(/^https:\/\/store\.example\/api\/mail\/unsubscribe\?token=/);
    expect(unsubscribeHeaders(url)).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });
});
