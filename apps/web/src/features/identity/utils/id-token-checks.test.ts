import { describe, expect, it } from 'vitest';
import { ID_TOKEN_LEEWAY_S } from '../constants';
import { unsignedJwt } from '#web/testing/unsigned-jwt.ts';
import { asIdTokenCheckError, checkIdToken, IdTokenCheckError } from './id-token-checks';

const NOW = 1_800_000_000;
const EXPECTED = { issuer: 'https://tenant.eu.auth0.com/', clientId: 'songwish-web', nowS: NOW };

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const idToken = (claims: Record<string, unknown> = {}, header?: Record<string, unknown>) =>
  unsignedJwt({ iss: EXPECTED.issuer, sub: 'auth0|ada', aud: EXPECTED.clientId, iat: NOW - 10, exp: NOW + 3600, ...claims }, header);

const refusal = (token: string | undefined, expected: Parameters<typeof checkIdToken>[1] = EXPECTED) => {
  try {
    checkIdToken(token, expected);
  } catch (error) {
    expect(error).toBeInstanceOf(IdTokenCheckError);
    expect(error).toMatchObject({ code: 'invalid_id_token' });
    return (error as Error).message;
  }
  throw new Error('the token was accepted');
};

describe('ID token checks', () => {
  it('accepts a token that passes every check and returns its claims (storefront spec §5)', () => {
    expect(checkIdToken(idToken({ name: 'Ada Lovelace' }), EXPECTED)).toMatchObject({ sub: 'auth0|ada', name: 'Ada Lovelace' });
  });

  it('refuses a missing or undecodable ID token (storefront spec §5)', () => {
    expect(refusal(undefined)).toBe('ID token is required but missing');
    expect(refusal('not-a-jwt')).toBe('ID token could not be decoded');
    expect(refusal('a.b.c')).toBe('ID token could not be decoded');
    expect(refusal(`${base64url({ alg: 'RS256' })}.${base64url([1, 2])}.sig`)).toBe('ID token could not be decoded');
  });

  it('refuses an ID token from another issuer, ignoring only a trailing slash (storefront spec §5)', () => {
    expect(refusal(idToken({ iss: 'https://evil.example/' }))).toBe(
      'Issuer (iss) claim mismatch in the ID token; expected "https://tenant.eu.auth0.com/", found "https://evil.example/"',
    );
    expect(refusal(idToken({ iss: undefined }))).toBe('Issuer (iss) claim must be a string present in the ID token');
    expect(checkIdToken(idToken({ iss: 'https://tenant.eu.auth0.com' }), EXPECTED)).toBeTruthy();
    expect(checkIdToken(idToken({ iss: 'http://localhost:8201/idp' }), { ...EXPECTED, issuer: 'http://localhost:8201/idp' })).toBeTruthy();
  });

  it('refuses an ID token without a subject (storefront spec §5)', () => {
    expect(refusal(idToken({ sub: undefined }))).toBe('Subject (sub) claim must be a string present in the ID token');
    expect(refusal(idToken({ sub: '' }))).toBe('Subject (sub) claim must be a string present in the ID token');
  });

  it('refuses an ID token signed with HS256, or unsigned (storefront spec §5)', () => {
    expect(refusal(idToken({}, { alg: 'HS256' }))).toBe('Signature algorithm of "HS256" is not supported. Expected the ID token to be signed with "RS256".');
    expect(refusal(idToken({}, { alg: 'none' }))).toBe('Signature algorithm of "none" is not supported. Expected the ID token to be signed with "RS256".');
    expect(refusal(idToken({}, { alg: 'RS512' }))).toMatch(/"RS512" is not supported/);
  });

  it('refuses an ID token for another client, as a string or in a list (storefront spec §5)', () => {
    expect(refusal(idToken({ aud: 'other-app' }))).toBe('Audience (aud) claim mismatch in the ID token; expected "songwish-web" but found "other-app"');
    expect(refusal(idToken({ aud: ['a', 'b'] }))).toBe('Audience (aud) claim mismatch in the ID token; expected "songwish-web" but was not one of "a, b"');
    expect(refusal(idToken({ aud: undefined }))).toBe('Audience (aud) claim must be a string or array of strings present in the ID token');
    expect(refusal(idToken({ aud: 42 }))).toBe('Audience (aud) claim must be a string or array of strings present in the ID token');
    expect(checkIdToken(idToken({ aud: ['songwish-web'] }), EXPECTED)).toBeTruthy();
  });

  it('with several audiences, the authorized party must be this client (storefront spec §5)', () => {
    const aud = ['songwish-web', 'https://api.songwish.example'];
    expect(refusal(idToken({ aud }))).toBe(
      'Authorized Party (azp) claim must be a string present in the ID token when Audience (aud) claim has multiple values',
    );
    expect(refusal(idToken({ aud, azp: 'other-app' }))).toBe(
      'Authorized Party (azp) claim mismatch in the ID token; expected "songwish-web", found "other-app"',
    );
    expect(checkIdToken(idToken({ aud, azp: 'songwish-web' }), EXPECTED)).toBeTruthy();
  });

  it('refuses an ID token whose exp or iat is not a number (storefront spec §5)', () => {
    expect(refusal(idToken({ exp: undefined }))).toBe('Expiration Time (exp) claim must be a number present in the ID token');
    expect(refusal(idToken({ exp: String(NOW + 3600) }))).toBe('Expiration Time (exp) claim must be a number present in the ID token');
    expect(refusal(idToken({ iat: undefined }))).toBe('Issued At (iat) claim must be a number present in the ID token');
    expect(refusal(idToken({ iat: 'yesterday' }))).toBe('Issued At (iat) claim must be a number present in the ID token');
  });

  it('allows 60 s of clock leeway on exp and iat, and no more (storefront spec §5)', () => {
    expect(ID_TOKEN_LEEWAY_S).toBe(60);
    expect(checkIdToken(idToken({ exp: NOW - 60 }), EXPECTED)).toBeTruthy();
    expect(refusal(idToken({ exp: NOW - 61 }))).toBe(
      'Expiration Time (exp) claim error in the ID token; current time (2027-01-15T08:00:00.000Z) is after expiration time (2027-01-15T07:59:59.000Z)',
    );
    expect(checkIdToken(idToken({ iat: NOW + 60 }), EXPECTED)).toBeTruthy();
    expect(refusal(idToken({ iat: NOW + 61 }))).toBe(
      'Issued At (iat) claim error in the ID token; current time (2027-01-15T08:00:00.000Z) is before issued at time (2027-01-15T08:00:01.000Z)',
    );
  });

  it('checks the organization id when the configured organization starts with org_ (storefront spec §5)', () => {
    const expected = { ...EXPECTED, organization: 'org_Ab12' };
    expect(checkIdToken(idToken({ org_id: 'org_Ab12' }), expected)).toBeTruthy();
    expect(refusal(idToken({}), expected)).toBe('Organization ID (org_id) claim must be a string present in the ID token');
    expect(refusal(idToken({ org_id: 'org_Other' }), expected)).toBe(
      'Organization ID (org_id) claim mismatch in the ID token; expected "org_Ab12", found "org_Other"',
    );
  });

  it('checks the organization name, lower-cased, for any other configured organization (storefront spec §5)', () => {
    const expected = { ...EXPECTED, organization: 'SongWish-Team' };
    expect(checkIdToken(idToken({ org_name: 'songwish-team' }), expected)).toBeTruthy();
    expect(refusal(idToken({ org_id: 'org_Ab12' }), expected)).toBe('Organization Name (org_name) claim must be a string present in the ID token');
    expect(refusal(idToken({ org_name: 'other-team' }), expected)).toBe(
      'Organization Name (org_name) claim mismatch in the ID token; expected "songwish-team", found "other-team"',
    );
  });

  it('ignores organization claims when no organization is configured (storefront spec §5)', () => {
    expect(checkIdToken(idToken({ org_id: 'org_Whatever' }), EXPECTED)).toBeTruthy();
  });

  it("words oidc-client-ts's nonce refusal like the other checks, and leaves other errors alone (storefront spec §5)", () => {
    const translated = asIdTokenCheckError(new Error('nonce in id_token does not match nonce in client storage'));
    expect(translated).toBeInstanceOf(IdTokenCheckError);
    expect(translated).toMatchObject({ code: 'invalid_id_token', message: 'Nonce (nonce) claim mismatch in the ID token' });
    const other = new Error('State does not match');
    expect(asIdTokenCheckError(other)).toBe(other);
  });
});
