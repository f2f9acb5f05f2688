import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which reverse proxies may tell the store a client's address (X-Forwarded-For), scheme and
 * host: none, the nearest `hops` of them, or those at the listed addresses. Trusting every
 * hop is not offered: a client would then choose its own address and walk around the rate
 * limits and the sign-in throttles (docs/decisions/0018-public-deployment.md).
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's (Fastify's) names for whole address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

const REFUSED_TRUE =
  "'true' would trust every hop, so any client could choose its own address with X-Forwarded-For. Write how many proxies stand in front of the store " +
  '(TRUST_PROXY=1 for one reverse proxy) or their addresses (TRUST_PROXY=127.0.0.1, or TRUST_PROXY=10.0.0.0/8,127.0.0.1)';

export const trustProxySetting = z.string().transform((text, context): TrustProxy => {
  const value = text.trim().toLowerCase();
  if (['false', 'no', '0'].includes(value)) return false;
  if (['true', 'yes'].includes(value)) {
    context.addIssue({ code: 'custom', message: REFUSED_TRUE });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_HOPS) return { hops };
    context.addIssue({ code: 'custom', message: `at most ${MAX_HOPS} proxies in front of the store` });
    return z.NEVER;
  }
  const addresses = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = addresses.filter((address) => !isProxyAddress(address));
  if (addresses.length > 0 && bad.length === 0) return { addresses };
  context.addIssue({
    code: 'custom',
    message: `${bad.length > 0 ? `not an address or CIDR range: ${bad.join(', ')}; ` : ''}write a number of proxies (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1), or false`,
  });
  return z.NEVER;
});

function isProxyAddress(text: string) {
  if (RANGE_NAMES.has(text)) return true;
  const [address = '', prefix, extra] = text.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy` for the setting. A hop count becomes a function: Fastify reads a bare
 * number as "trust nobody" (it cannot check the nearest peer), while proxy-addr calls the
 * function with each address's distance from the store, nearest first.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.addresses;
}
