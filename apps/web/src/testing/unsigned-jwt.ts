/** A JWT string for tests: base64url header and payload, a placeholder signature (the browser never checks it). */
export function unsignedJwt(payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'RS256', typ: 'JWT' }): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(payload)}.c2lnbmF0dXJl`;
}
