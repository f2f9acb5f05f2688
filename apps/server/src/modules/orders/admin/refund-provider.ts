/**
 * Who the back office asks for a refund: the payment provider that took the money. Either way
 * the refund is only recorded when the provider's signed `return.created` event arrives.
 */
export interface RefundProvider {
  /** The provider's name as the administrator knows it, for messages ("FastSpring refused …"). */
  readonly name: string;
  /** Asks for the return of these products and units of the provider's order; the provider's return id. Throws `RefundRefusedError`. */
  refund(request: ProviderRefundRequest): Promise<{ returnId: string | null }>;
}

export interface ProviderRefundRequest {
  /** The provider's order id. */
  providerOrderId: string;
  /** Every unit of every line: FastSpring's full return. */
  whole: boolean;
  items: Array<{ product: string; quantity: number }>;
  reason: string;
}

/** The provider said no, or could not be asked: `reason` is theirs (or the network's), short and safe to show. */
export class RefundRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RefundRefusedError';
  }
}

/** The sandbox's own refund (in process): it queues the signed `return.created` webhook exactly as FastSpring would. */
export function sandboxRefundProvider(sandbox: {
  refund(orderId: string, input: { items?: Array<{ product: string; quantity: number }>; reason?: string }): Promise<{ return: { id: string } }>;
}): RefundProvider {
  return {
    name: 'The sandbox',
    async refund(request) {
      try {
        const answer = await sandbox.refund(request.providerOrderId, { items: request.items, reason: request.reason.slice(0, 200) });
        return { returnId: answer.return.id };
      } catch (error) {
        throw new RefundRefusedError(error instanceof Error ? error.message : 'it did not answer');
      }
    },
  };
}

export interface FastspringApiOptions {
  /** FASTSPRING_API_URL, e.g. https://api.fastspring.com */
  baseUrl: string;
  username: string;
  password: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * FastSpring's returns API: `POST {FASTSPRING_API_URL}/returns` with HTTP Basic auth. A whole
 * order is a full return; chosen lines are an item-level partial return (products and quantities).
 * The reason travels as FastSpring's `OTHER` code with the administrator's words as the note.
 */
export function fastspringRefundProvider(options: FastspringApiOptions): RefundProvider {
  const send = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  return {
    name: 'FastSpring',
    async refund(request) {
      const body = {
        returns: [
          {
            order: request.providerOrderId,
            reason: 'OTHER',
            note: request.reason,
            notification: 'ORIGINAL',
            ...(request.whole ? {} : { items: request.items.map((item) => ({ product: item.product, quantity: item.quantity })) }),
          },
        ],
      };
      let response: Response;
      try {
        response = await send(`${options.baseUrl.replace(/\/+$/, '')}/returns`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new RefundRefusedError(
          timedOut ? 'its API did not answer in time (look at the order in FastSpring’s app first: it may have been refunded)' : 'its API could not be reached',
        );
      }
      const text = await response.text().catch(() => '');
      if (response.status === 401 || response.status === 403) {
        throw new RefundRefusedError('the API credentials were not accepted (check FASTSPRING_API_USERNAME and FASTSPRING_API_PASSWORD)');
      }
      const answer = parseJson(text) as { returns?: Array<{ return?: unknown; result?: unknown; error?: unknown }> } | undefined;
      const first = answer?.returns?.[0];
      if (!response.ok || !first || (typeof first.result === 'string' && first.result !== 'success')) {
        throw new RefundRefusedError(errorText(first?.error) ?? `its API answered ${response.status}`);
      }
      return { returnId: typeof first.return === 'string' && first.return ? first.return : null };
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** FastSpring's error object (`{ order: "Order not found" }`) or string, shortened. */
function errorText(error: unknown): string | undefined {
  if (typeof error === 'string' && error) return error.slice(0, 300);
  if (error && typeof error === 'object') {
    const parts = Object.values(error as Record<string, unknown>).filter((value): value is string => typeof value === 'string');
    if (parts.length > 0) return parts.join('; ').slice(0, 300);
  }
  return undefined;
}
