import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';

/** An expected failure with the status the client should see; the error handler renders it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** The message of each field at fault, by its path (`path`, `keyFacts.0.value`), for forms. */
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = STATUS_CODES[statusCode] ?? 'Error';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);

/** A save based on an older version of a record: refused, so nobody's edit is silently lost. */
export const changedBySomeoneElse = (what: string) =>
  new HttpError(409, `This ${what} was changed by someone else since you opened it. Reload to see their changes, then make yours again.`);

/** Parses untrusted input; a failure becomes a 400 naming every problem. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  throw badRequest(`Invalid ${what}: ${problems.join('; ')}`);
}
