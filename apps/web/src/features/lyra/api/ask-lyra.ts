import { lyraAnswerSchema, type LyraAnswer, type LyraQueryRequest } from '@store/contracts/lyra';
import { apiPost } from '#web/lib/api-client.ts';

/** The server answered, but not in the shape of the contract (a deployment mismatch). */
export class UnreadableAnswerError extends Error {
  constructor(readonly issues: string) {
    super(`Lyra's answer does not match the contract: ${issues}`);
    this.name = 'UnreadableAnswerError';
  }
}

/** `POST /api/lyra/query`: one question (or wish) and Lyra's cited answer, checked against the contract. */
export async function askLyra(request: LyraQueryRequest, signal?: AbortSignal): Promise<LyraAnswer> {
  const parsed = lyraAnswerSchema.safeParse(await apiPost('/api/lyra/query', request, { signal }));
  if (!parsed.success) throw new UnreadableAnswerError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return parsed.data;
}
