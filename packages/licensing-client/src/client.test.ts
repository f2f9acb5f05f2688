import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Test-only: the store's contracts make the fake server answer exactly what the real one promises,
// and the type checks below fail when this package's hand-written types drift from them.
import * as contract from '../../contracts/src/licensing';
import { signMachineFile } from '../../../apps/server/src/modules/licensing/machine-file';
import { loadLicensingKeys, publicKeyForms } from '../../../apps/server/src/modules/licensing/signing-key';
import { createLicensingClient, LicensingError, LicensingUnreachableError, type LicensingClient } from './client';
import { verifyMachineFile } from './machine-file';
import type * as types from './types';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const typesMirrorTheContract: [
  Same<types.ActivateRequest & { product: string }, contract.ActivateRequest>,
  Same<types.ActivateResponse, contract.ActivateResponse>,
  Same<types.KeyAndFingerprint & { product: string }, contract.ValidateRequest>,
  Same<types.ValidateResponse, contract.ValidateResponse>,
  Same<types.KeyAndFingerprint, contract.DeactivateRequest>,
  Same<types.DeactivateResponse, contract.DeactivateResponse>,
  Same<types.CheckoutFileResponse, contract.CheckoutFileResponse>,
  Same<types.ReleasesCheckRequest & { product: string }, contract.ReleasesCheckRequest>,
  Same<types.ReleasesCheckResponse, contract.ReleasesCheckResponse>,
  Same<types.PublicKeyResponse, contract.PublicKeyResponse>,
  Same<types.LicensingRefusal, contract.LicensingRefusal>,
  Same<types.MachineFilePayload, contract.MachineFilePayload>,
  Same<types.LicensingCode, contract.LicensingCode>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true];

const keys = loadLicensingKeys(generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'));
const GOOD = 'GOOD-KEY-0001';
const FINGERPRINT = 'fingerprint-0001';
const NOW = new Date();
const license = { product: 'remidi-4', type: 'perpetual', status: 'active', expiresAt: null, maxMachines: 3, activationsUsed: 1 } as const;
const machine = {
  id: '0b8e6f0e-7a1c-4a3e-9a59-0f2b7c1d2e3f',
  fingerprint: FINGERPRINT,
  name: 'Studio',
  platform: 'linux',
  activatedAt: NOW.toISOString(),
  lastSeenAt: NOW.toISOString(),
} as const;
const expiry = new Date(NOW.getTime() + 30 * 86_400_000).toISOString();
const machineFile = signMachineFile(
  {
    license: { key: GOOD, product: license.product, type: license.type, status: license.status, expiresAt: null, maxMachines: 3 },
    machine: { id: machine.id, fingerprint: FINGERPRINT, name: machine.name, platform: machine.platform },
    meta: { issued: NOW.toISOString(), expiry, ttl: 30 * 86_400 },
  },
  keys.privateKey,
);

const refusal = (code: contract.LicensingCode, message: string, fields?: Record<string, string>) =>
  contract.licensingRefusalSchema.parse({ valid: false, code, message, fields });

/** What the fake store answers per endpoint, shaped (and checked) by the contract's schemas. */
function answer(path: string, body: Record<string, unknown>): { status: number; json: unknown; headers?: Record<string, string> } {
  if (body.licenseKey === 'BRUTE')
    return { status: 429, json: refusal('RATE_LIMITED', 'Too many attempts. Try again in 42 seconds.'), headers: { 'retry-after': '42' } };
  if (body.licenseKey === 'BROKEN') return { status: 503, json: { error: 'Service Unavailable', message: 'down' } };
  switch (path) {
    case '/api/licensing/v1/activate':
      contract.activateRequestSchema.parse(body);
      if (body.licenseKey === 'FULL')
        return { status: 409, json: refusal('TOO_MANY_MACHINES', 'This licence is active on 3 computers. Free one at the store.') };
      return { status: 201, json: contract.activateResponseSchema.parse({ valid: true, code: 'VALID', license, machine, machineFile }) };
    case '/api/licensing/v1/validate':
      if (!contract.validateRequestSchema.safeParse(body).success)
        return { status: 400, json: refusal('INVALID_REQUEST', 'Check the request', { fingerprint: 'A fingerprint has at least 8 characters' }) };
      if (body.licenseKey !== GOOD)
        return { status: 200, json: contract.validateResponseSchema.parse({ valid: false, code: 'NOT_FOUND', message: 'No such licence' }) };
      return { status: 200, json: contract.validateResponseSchema.parse({ valid: true, code: 'VALID', license, machine }) };
    case '/api/licensing/v1/deactivate':
      contract.deactivateRequestSchema.parse(body);
      if (body.licenseKey === 'COOLDOWN') return { status: 409, json: refusal('TOO_MANY_DEACTIVATIONS', 'The next deactivation is possible on 2026-12-20.') };
      return { status: 200, json: contract.deactivateResponseSchema.parse({ deactivated: true, activationsUsed: 0 }) };
    case '/api/licensing/v1/checkout-file':
      contract.checkoutFileRequestSchema.parse(body);
      return { status: 200, json: contract.checkoutFileResponseSchema.parse({ machineFile, issued: NOW.toISOString(), expiry }) };
    case '/api/licensing/v1/releases/check':
      contract.releasesCheckRequestSchema.parse(body);
      return {
        status: 200,
        json: contract.releasesCheckResponseSchema.parse({
          product: body.product,
          latestVersion: '4.2.0',
          releasedAt: NOW.toISOString(),
          updateAvailable: true,
          majorUpdate: false,
          changelog: '## 4.2.0\n- Faster',
          platformAvailable: true,
          entitled: body.licenseKey ? true : null,
          downloadUrl: 'https://shop.example.com/account',
        }),
      };
    case '/api/licensing/v1/public-key':
      return { status: 200, json: contract.publicKeyResponseSchema.parse(publicKeyForms(keys.publicKey)) };
    default:
      return { status: 404, json: { error: 'Not Found', message: 'No such route' } };
  }
}

const received: { method: string; path: string; body: Record<string, unknown> }[] = [];
let store: Server;
let client: LicensingClient;

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  const started = await listen(async (request, response) => {
    const body = await readBody(request);
    const path = new URL(request.url!, 'http://store').pathname;
    received.push({ method: request.method!, path, body });
    const { status, json, headers } = answer(path.replace(/^\/shop/, ''), body);
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(json));
  });
  store = started.server;
  client = createLicensingClient({ storeUrl: `${started.url}/`, product: 'remidi-4' });
});
afterAll(() => new Promise<void>((resolve) => store.close(() => resolve())));

const lastRequest = () => received[received.length - 1]!;

describe('the licensing client against a store', () => {
  it('has types that mirror the contract', () => {
    expect(typesMirrorTheContract.every(Boolean)).toBe(true);
  });

  it('activates, sending the product, and returns a machine file that verifies offline', async () => {
    const activation = await client.activate({ licenseKey: GOOD, fingerprint: FINGERPRINT, machineName: 'Studio', platform: 'linux', appVersion: '4.1.0' });
    expect(lastRequest()).toEqual({
      method: 'POST',
      path: '/api/licensing/v1/activate',
      body: { licenseKey: GOOD, product: 'remidi-4', fingerprint: FINGERPRINT, machineName: 'Studio', platform: 'linux', appVersion: '4.1.0' },
    });
    expect(activation).toMatchObject({ valid: true, code: 'VALID', license, machine });
    expect(verifyMachineFile(activation.machineFile, publicKeyForms(keys.publicKey).base64, FINGERPRINT)).toMatchObject({ ok: true, license: { key: GOOD } });
  });

  it('returns validate’s answer, valid or not', async () => {
    await expect(client.validate({ licenseKey: GOOD, fingerprint: FINGERPRINT })).resolves.toEqual({ valid: true, code: 'VALID', license, machine });
    expect(lastRequest().body).toEqual({ licenseKey: GOOD, product: 'remidi-4', fingerprint: FINGERPRINT });
    await expect(client.validate({ licenseKey: 'NOPE', fingerprint: FINGERPRINT })).resolves.toEqual({
      valid: false,
      code: 'NOT_FOUND',
      message: 'No such licence',
    });
  });

  it('deactivates, checks out a file, checks for updates and fetches the public key', async () => {
    await expect(client.deactivate({ licenseKey: GOOD, fingerprint: FINGERPRINT })).resolves.toEqual({ deactivated: true, activationsUsed: 0 });
    expect(lastRequest().body).toEqual({ licenseKey: GOOD, fingerprint: FINGERPRINT });
    await expect(client.checkoutFile({ licenseKey: GOOD, fingerprint: FINGERPRINT })).resolves.toEqual({ machineFile, issued: NOW.toISOString(), expiry });
    expect(lastRequest().path).toBe('/api/licensing/v1/checkout-file');
    await expect(client.checkForUpdate({ platform: 'macos', version: '4.1.0', licenseKey: GOOD })).resolves.toMatchObject({
      latestVersion: '4.2.0',
      entitled: true,
    });
    expect(lastRequest().body).toEqual({ platform: 'macos', version: '4.1.0', licenseKey: GOOD, product: 'remidi-4' });
    await expect(client.getPublicKey()).resolves.toEqual(publicKeyForms(keys.publicKey));
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/api/licensing/v1/public-key' });
  });

  it('throws a LicensingError with the code, message and status of a refusal', async () => {
    const full = await client.activate({ licenseKey: 'FULL', fingerprint: FINGERPRINT }).catch((error: unknown) => error);
    expect(full).toBeInstanceOf(LicensingError);
    expect(full).toMatchObject({
      code: 'TOO_MANY_MACHINES',
      status: 409,
      message: 'This licence is active on 3 computers. Free one at the store.',
      retryAfterSeconds: null,
    });
    await expect(client.deactivate({ licenseKey: 'COOLDOWN', fingerprint: FINGERPRINT })).rejects.toMatchObject({
      code: 'TOO_MANY_DEACTIVATIONS',
      status: 409,
    });
    await expect(client.validate({ licenseKey: GOOD, fingerprint: 'short' })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      status: 400,
      fields: { fingerprint: 'A fingerprint has at least 8 characters' },
    });
  });

  it('reads Retry-After on RATE_LIMITED', async () => {
    const limited = await client.validate({ licenseKey: 'BRUTE', fingerprint: FINGERPRINT }).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(LicensingError);
    expect(limited).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 42 });
  });

  it('works with a store served under a path prefix', async () => {
    const prefixed = createLicensingClient({ storeUrl: `http://127.0.0.1:${(store.address() as AddressInfo).port}/shop`, product: 'remidi-4' });
    await expect(prefixed.validate({ licenseKey: GOOD, fingerprint: FINGERPRINT })).resolves.toMatchObject({ valid: true });
    expect(lastRequest().path).toBe('/shop/api/licensing/v1/validate');
  });
});

describe('when the store cannot be used, the error says so apart from a refusal', () => {
  const unreachable = async (promise: Promise<unknown>) => {
    const error = await promise.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LicensingUnreachableError);
    expect(error).not.toBeInstanceOf(LicensingError);
    return error as LicensingUnreachableError;
  };

  it('a refused connection is a network failure', async () => {
    const { server, url } = await listen(() => {});
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const offline = createLicensingClient({ storeUrl: url, product: 'remidi-4' });
    expect(await unreachable(offline.validate({ licenseKey: GOOD, fingerprint: FINGERPRINT }))).toMatchObject({ reason: 'network', status: null });
  });

  it('a store that does not answer in time is a timeout', async () => {
    const { server, url } = await listen(() => {});
    try {
      const slow = createLicensingClient({ storeUrl: url, product: 'remidi-4', timeoutMs: 100 });
      expect(await unreachable(slow.validate({ licenseKey: GOOD, fingerprint: FINGERPRINT }))).toMatchObject({ reason: 'timeout' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a 5xx is a server error', async () => {
    expect(await unreachable(client.validate({ licenseKey: 'BROKEN', fingerprint: FINGERPRINT }))).toMatchObject({ reason: 'server-error', status: 503 });
  });

  it('a page that is not the licensing API (a captive portal, a proxy) is a bad answer', async () => {
    const { server, url } = await listen((request, response) => {
      response.writeHead(request.url?.endsWith('/validate') ? 200 : 403, { 'content-type': 'text/html' }).end('<html>Sign in to the hotel Wi-Fi</html>');
    });
    try {
      const portal = createLicensingClient({ storeUrl: url, product: 'remidi-4' });
      expect(await unreachable(portal.validate({ licenseKey: GOOD, fingerprint: FINGERPRINT }))).toMatchObject({ reason: 'bad-answer', status: 200 });
      expect(await unreachable(portal.activate({ licenseKey: GOOD, fingerprint: FINGERPRINT }))).toMatchObject({ reason: 'bad-answer', status: 403 });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('uses the fetch it is given', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    const custom = createLicensingClient({ storeUrl: 'https://shop.example.com', product: 'remidi-4', fetch: failing });
    expect(await unreachable(custom.getPublicKey())).toMatchObject({ reason: 'network' });
  });
});
