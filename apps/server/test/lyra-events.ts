import { lyraChatEventSchemas, type LyraChatEventName } from '@store/contracts/lyra';

/** The events of a streamed Lyra answer (a Server-Sent Events body), each checked against the contract. */
export function parseLyraEvents(body: string) {
  return body
    .split('\n\n')
    .filter((block) => block.trim() && !block.startsWith(':'))
    .map((block) => {
      const name = /^event: (.+)$/m.exec(block)![1] as LyraChatEventName;
      const data = JSON.parse(/^data: (.+)$/m.exec(block)![1]!);
      return { name, data: lyraChatEventSchemas[name].parse(data) as Record<string, unknown> };
    });
}
