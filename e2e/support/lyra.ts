import type { Page } from '@playwright/test';
import type { LyraAnswer } from '@store/contracts/lyra';

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The answer as `POST /api/lyra/chat` streams it: the text in pieces, then its sources, products, sketch and done. */
export function lyraEventStream(answer: LyraAnswer): string {
  const words = answer.answer.split(/(?<= )/);
  const third = Math.ceil(words.length / 3);
  return [
    ...[0, 1, 2].map((n) => sse('delta', { text: words.slice(n * third, (n + 1) * third).join('') })),
    sse('citations', { citations: answer.citations }),
    sse('products', { products: answer.products }),
    answer.sketch ? sse('sketch', { sketch: answer.sketch }) : '',
    sse('done', { mode: answer.mode, answered: answer.answered }),
  ].join('');
}

/**
 * Answers every chat question with `answer`, streamed after `delayMs` (so the progress shows),
 * and returns the request bodies as they come.
 */
export async function interceptLyraChat(
  page: Page,
  answer: LyraAnswer,
  { delayMs = 0, until }: { delayMs?: number; until?: () => Promise<unknown> } = {},
): Promise<unknown[]> {
  const bodies: unknown[] = [];
  await page.route('**/api/lyra/chat', async (route) => {
    bodies.push(route.request().postDataJSON());
    if (route.request().headers().accept !== 'text/event-stream') throw new Error('Lyra’s chat must be asked for an event stream');
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    // The test says when it has seen what shows while Lyra thinks (a fixed wait can pass unseen on a busy machine).
    if (until) await until();
    await route.fulfill({ body: lyraEventStream(answer), headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' } });
  });
  return bodies;
}
