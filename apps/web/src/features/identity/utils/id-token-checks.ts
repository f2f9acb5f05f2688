import { ID_TOKEN_LEEWAY_S } from '../constants';
import { IdentityTokenError } from './identity-errors';

/**
 * The browser's checks on every ID token it receives, before the shopper counts as signed in
 * (docs/behaviour/sign-in.md#id-token-checks). The signature is not checked here (the browser
 * has no reason to trust its own copy of the keys); the API verifies its access tokens itself.
 * The messages are Auth0 SPA SDK's, so a shopper or an operator searching for them finds answers.
 */
export interface IdTokenExpectations {
  /** The configured authority; a trailing slash on either side does not matter. */
  issuer: string;
  clientId: string;
  /** `OIDC_ORGANIZATION`: an Auth0 organization id (`org_…`) or name. */
  organization?: string;
  /** Seconds since the epoch; defaults to now. */
  nowS?: number;
}

/** The refusal: `code` lets the sign-in screens tell it from provider errors. */
export class IdTokenCheckError extends IdentityTokenError {
  constructor(message: string) {
    super('invalid_id_token', message);
    this.name = 'IdTokenCheckError';
  }
}

interface DecodedIdToken {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
}

function decodePart(part: string): Record<string, unknown> {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (char) => char.charCodeAt(0));
  const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
}

export function decodeIdToken(token: string): DecodedIdToken {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => part === '')) throw new IdTokenCheckError('ID token could not be decoded');
  try {
    return { header: decodePart(parts[0]!), claims: decodePart(parts[1]!) };
  } catch {
    throw new IdTokenCheckError('ID token could not be decoded');
  }
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

function checkIssuerAndSubject({ claims }: DecodedIdToken, expected: IdTokenExpectations) {
  if (!isText(claims.iss)) throw new IdTokenCheckError('Issuer (iss) claim must be a string present in the ID token');
  if (withoutTrailingSlash(claims.iss) !== withoutTrailingSlash(expected.issuer)) {
    throw new IdTokenCheckError(`Issuer (iss) claim mismatch in the ID token; expected "${expected.issuer}", found "${claims.iss}"`);
  }
  if (!isText(claims.sub)) throw new IdTokenCheckError('Subject (sub) claim must be a string present in the ID token');
}

function checkAlgorithm({ header }: DecodedIdToken) {
  if (header.alg !== 'RS256') {
    throw new IdTokenCheckError(`Signature algorithm of "${String(header.alg)}" is not supported. Expected the ID token to be signed with "RS256".`);
  }
}

function checkAudience({ claims }: DecodedIdToken, { clientId }: IdTokenExpectations) {
  const { aud, azp } = claims;
  if (Array.isArray(aud) && aud.every(isText) && aud.length > 0) {
    if (!aud.includes(clientId)) {
      throw new IdTokenCheckError(`Audience (aud) claim mismatch in the ID token; expected "${clientId}" but was not one of "${aud.join(', ')}"`);
    }
    if (aud.length === 1) return;
    if (!isText(azp)) {
      throw new IdTokenCheckError('Authorized Party (azp) claim must be a string present in the ID token when Audience (aud) claim has multiple values');
    }
    if (azp !== clientId) throw new IdTokenCheckError(`Authorized Party (azp) claim mismatch in the ID token; expected "${clientId}", found "${azp}"`);
    return;
  }
  if (!isText(aud)) throw new IdTokenCheckError('Audience (aud) claim must be a string or array of strings present in the ID token');
  if (aud !== clientId) throw new IdTokenCheckError(`Audience (aud) claim mismatch in the ID token; expected "${clientId}" but found "${aud}"`);
}

function checkTimes({ claims }: DecodedIdToken, { nowS = Date.now() / 1000 }: IdTokenExpectations) {
  const { exp, iat } = claims;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new IdTokenCheckError('Expiration Time (exp) claim must be a number present in the ID token');
  if (typeof iat !== 'number' || !Number.isFinite(iat)) throw new IdTokenCheckError('Issued At (iat) claim must be a number present in the ID token');
  const date = (seconds: number) => new Date(seconds * 1000).toISOString();
  if (nowS > exp + ID_TOKEN_LEEWAY_S) {
    throw new IdTokenCheckError(
      `Expiration Time (exp) claim error in the ID token; current time (${date(nowS)}) is after expiration time (${date(exp + ID_TOKEN_LEEWAY_S)})`,
    );
  }
  if (nowS < iat - ID_TOKEN_LEEWAY_S) {
    throw new IdTokenCheckError(
      `Issued At (iat) claim error in the ID token; current time (${date(nowS)}) is before issued at time (${date(iat - ID_TOKEN_LEEWAY_S)})`,
    );
  }
}

/** Auth0's rule: an `org_` prefix names the organization's id, anything else its name (compared lower-cased). */
function checkOrganization({ claims }: DecodedIdToken, { organization }: IdTokenExpectations) {
  if (!organization) return;
  if (organization.startsWith('org_')) {
    if (!isText(claims.org_id)) throw new IdTokenCheckError('Organization ID (org_id) claim must be a string present in the ID token');
    if (claims.org_id !== organization) {
      throw new IdTokenCheckError(`Organization ID (org_id) claim mismatch in the ID token; expected "${organization}", found "${claims.org_id}"`);
    }
    return;
  }
  const name = organization.toLowerCase();
  if (!isText(claims.org_name)) throw new IdTokenCheckError('Organization Name (org_name) claim must be a string present in the ID token');
  if (claims.org_name !== name) {
    throw new IdTokenCheckError(`Organization Name (org_name) claim mismatch in the ID token; expected "${name}", found "${claims.org_name}"`);
  }
}

/** Throws an {@link IdTokenCheckError} naming the first check the token fails; returns its claims otherwise. */
export function checkIdToken(token: string | undefined, expected: IdTokenExpectations): Record<string, unknown> {
  if (!token) throw new IdTokenCheckError('ID token is required but missing');
  const decoded = decodeIdToken(token);
  checkIssuerAndSubject(decoded, expected);
  checkAlgorithm(decoded);
  checkAudience(decoded, expected);
  checkTimes(decoded, expected);
  checkOrganization(decoded, expected);
  return decoded.claims;
}

/** oidc-client-ts's own nonce check (it compares the nonce it sent) throws this message. */
const CLIENT_NONCE_MISMATCH = 'nonce in id_token does not match nonce in client storage';

/** The nonce refusal in the same words as the other checks; the values stay out of the message. */
export function asIdTokenCheckError(error: unknown): unknown {
  if (error instanceof Error && error.message === CLIENT_NONCE_MISMATCH) {
    return new IdTokenCheckError('Nonce (nonce) claim mismatch in the ID token');
  }
  return error;
}
