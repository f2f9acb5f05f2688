/**
 * The name of the unique constraint a failed statement ran into (PostgreSQL's 23505), looking
 * through a driver's wrapping error; undefined for any other error. Two administrators saving the
 * same code or path at once get past the "is it taken?" check together: the database decides.
 */
export function uniqueViolationOf(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint, message } = cause as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code !== '23505') continue;
    if (typeof constraint === 'string') return constraint;
    // PGlite names the constraint only in the message.
    return (typeof message === 'string' && /constraint "([^"]+)"/.exec(message)?.[1]) || '';
  }
  return undefined;
}
