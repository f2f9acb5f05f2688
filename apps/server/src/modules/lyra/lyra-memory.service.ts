/**
 * What Lyra remembers (docs/behaviour/lyra.md#memory): a signed-in shopper's conversations and
 * creative log, keyed by their verified email; and, for everyone, public counts with no person in
 * them (docs/behaviour/lyra.md#global-stats), added up in memory and written about once a second.
 */
import { type LyraAnswer, type LyraChatAnswer, type LyraChatRequest, type LyraQueryRequest } from '@store/contracts/lyra';
import type {
  CreativeLogCreated,
  CreativeLogPage,
  CreativeLogQuery,
  CreativeLogRequest,
  LyraConversation,
  LyraConversationList,
  LyraGlobalStats,
  LyraShopperState,
} from '@store/contracts/lyra-memory';
import { createWriteBehind } from '#server/lib/write-behind.ts';
import type { VerifiedCaller } from '#server/modules/accounts/accounts.service.ts';
import { decodeLogCursor, encodeLogCursor } from './log-cursor';
import type { CountIncrement, LyraRepository } from './lyra.repository';
import type { ChatOptions, LyraService } from './lyra.service';
import { shopperState } from './shopper-state';

/** Counts are written together at most this long after the first waiting one. */
const COUNT_DELAY_MS = 1_000;
/** Increments waiting beyond this many (a flood while the database is down) are not kept. */
const MAX_WAITING_COUNTS = 10_000;
/** Lyra's state reads at most this many of the shopper's newest entries, so it stays fast. */
const STATE_HISTORY = 200;
const TOP_LABELS = 5;
const CONVERSATION_LIST_MAX = 50;
const TITLE_CHARS = 60;

export class NoSuchConversationError extends Error {
  constructor() {
    super('No such conversation: it is not one of yours, or it was deleted.');
  }
}

export class NotACursorError extends Error {
  constructor() {
    super('before: not a cursor from this store');
  }
}

export interface LyraMemoryOptions {
  lyra: LyraService;
  repository: LyraRepository;
  /** A failed write of the counts; never fails an answer. */
  onCountsError?: (error: unknown) => void;
  /** A failed write of a shopper's turn: the answer is still given, without a conversation id. */
  onTurnError?: (error: unknown) => void;
  now?: () => number;
}

/** Whose memory: the verified email in lower case, as the account area matches orders. */
export const ownerOf = (caller: VerifiedCaller) => caller.email.toLowerCase();

export function createLyraMemoryService({
  lyra,
  repository,
  onCountsError = () => undefined,
  onTurnError = () => undefined,
  now = Date.now,
}: LyraMemoryOptions) {
  const counts = createWriteBehind<CountIncrement>({
    write: (batch) => repository.addCounts(summed(batch)),
    delayMs: COUNT_DELAY_MS,
    maxWaiting: MAX_WAITING_COUNTS,
    onError: onCountsError,
  });
  const count = (influencer: string, metric: string, label = '') => counts.add({ influencer, metric, label, count: 1 });

  /** An answer's counts: answered or not, and for a sketch the wish, the sketch, its key and its mood. */
  function countAnswer(answer: LyraAnswer) {
    count(answer.influencer, answer.answered ? 'question_answered' : 'question_unanswered');
    if (!answer.sketch) return;
    count(answer.influencer, 'wish');
    count(answer.influencer, 'sketch_generated');
    count(answer.influencer, 'key', answer.sketch.key);
    if (answer.sketch.mood) count(answer.influencer, 'mood', answer.sketch.mood);
  }

  /** The persona's id, checked (throws UnknownInfluencerError). */
  const personaId = (influencer: string | undefined): string => lyra.persona(influencer).id;

  /** Stores a signed-in shopper's completed turn; undefined (and reported) when it could not be. */
  async function saveTurn(owner: string, request: LyraChatRequest, answer: LyraAnswer): Promise<string | undefined> {
    const question = request.messages.at(-1)!.content.trim();
    const { citations, products, sketch } = answer;
    try {
      return await repository.saveTurn({
        owner,
        influencer: answer.influencer,
        conversationId: request.conversationId,
        title: titleOf(question),
        question,
        answer: answer.answer,
        extras: { citations, products, ...(sketch ? { sketch } : {}) },
        events: sketch
          ? [
              { type: 'wish', data: { text: question } },
              { type: 'sketch_generated', data: { sketch, wish: question } },
            ]
          : [],
        at: new Date(now()),
      });
    } catch (error) {
      onTurnError(error);
      return undefined;
    }
  }

  return {
    async query(request: LyraQueryRequest): Promise<LyraAnswer> {
      const answer = await lyra.query(request);
      countAnswer(answer);
      return answer;
    },

    /**
     * Checks the persona and, for a signed-in shopper, that `conversationId` is theirs (throws
     * NoSuchConversationError), before any answer goes out; `answer` then answers, counts, and
     * stores the completed turn. An anonymous shopper's `conversationId` is ignored: nothing is stored.
     */
    async openChat(caller: VerifiedCaller | null, request: LyraChatRequest) {
      personaId(request.influencer);
      const owner = caller && ownerOf(caller);
      if (owner && request.conversationId && !(await repository.findConversation(request.conversationId, owner))) throw new NoSuchConversationError();
      return {
        async answer(options?: ChatOptions): Promise<LyraChatAnswer> {
          const answer = await lyra.chat(request, options);
          countAnswer(answer);
          if (!owner) return answer;
          const conversationId = await saveTurn(owner, request, answer);
          return conversationId ? { ...answer, conversationId } : answer;
        },
      };
    },

    async logEvent(caller: VerifiedCaller | null, { type, data = {}, influencer }: CreativeLogRequest): Promise<CreativeLogCreated> {
      const persona = personaId(influencer);
      // The metric only: labels come from sketches the store made, never from text a client sent.
      count(persona, type);
      if (!caller) return { id: null };
      return { id: await repository.addCreativeEntry({ owner: ownerOf(caller), influencer: persona, type, data, createdAt: new Date(now()) }) };
    },

    /** The shopper's entries, newest first; throws NotACursorError for a `before` this store did not make. */
    async log(caller: VerifiedCaller, { type, limit, before }: CreativeLogQuery): Promise<CreativeLogPage> {
      const position = before === undefined ? undefined : decodeLogCursor(before);
      if (position === null) throw new NotACursorError();
      const rows = await repository.listCreativeEntries({ owner: ownerOf(caller), type, before: position, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        entries: page.map(({ id, type, influencer, data, createdAt }) => ({
          id,
          type: type as CreativeLogPage['entries'][number]['type'],
          influencer,
          data,
          createdAt: createdAt.toISOString(),
        })),
        nextCursor: rows.length > limit && last ? encodeLogCursor(last) : null,
      };
    },

    async state(caller: VerifiedCaller, influencer: string | undefined): Promise<LyraShopperState> {
      const persona = lyra.persona(influencer);
      const entries = await repository.recentCreativeEntries(ownerOf(caller), persona.id, STATE_HISTORY);
      return shopperState({ entries, now: new Date(now()), persona });
    },

    async globalStats(influencer: string | undefined): Promise<LyraGlobalStats> {
      const persona = personaId(influencer);
      return globalStatsOf(persona, await repository.listCounts(persona));
    },

    async conversations(caller: VerifiedCaller): Promise<LyraConversationList> {
      const rows = await repository.listConversations(ownerOf(caller), CONVERSATION_LIST_MAX);
      return { conversations: rows.map(({ updatedAt, ...row }) => ({ ...row, updatedAt: updatedAt.toISOString() })) };
    },

    /** The shopper's conversation with its turns; throws NoSuchConversationError for another's or an unknown one. */
    async conversation(caller: VerifiedCaller, id: string): Promise<LyraConversation> {
      const conversation = await repository.findConversation(id, ownerOf(caller));
      if (!conversation) throw new NoSuchConversationError();
      const messages = await repository.listMessages(id);
      return {
        id,
        influencer: conversation.influencer,
        title: conversation.title,
        messages: messages.map(({ role, content, extras, createdAt }) => ({
          role,
          content,
          ...(extras as StoredExtras | null),
          createdAt: createdAt.toISOString(),
        })),
      };
    },

    /** "Forget me": deletes the shopper's conversations and creative log (the counts hold no person and stay). */
    forget: (caller: VerifiedCaller) => repository.forget(ownerOf(caller)),

    /** Writes the waiting counts now. */
    flushCounts: counts.flush,

    /** Writes what waits; call when the store stops. */
    stop: counts.flush,
  };
}

/** What an answer's turn keeps beside its text (written by `saveTurn`). */
type StoredExtras = Pick<LyraAnswer, 'citations' | 'products' | 'sketch'>;

export type LyraMemoryService = ReturnType<typeof createLyraMemoryService>;

/** One increment per counter: a batch becomes one row per (persona, metric, label). */
function summed(batch: readonly CountIncrement[]): CountIncrement[] {
  const byKey = new Map<string, CountIncrement>();
  for (const increment of batch) {
    const key = JSON.stringify([increment.influencer, increment.metric, increment.label]);
    const seen = byKey.get(key);
    if (seen) seen.count += increment.count;
    else byKey.set(key, { ...increment });
  }
  return [...byKey.values()];
}

function globalStatsOf(influencer: string, rows: ReadonlyArray<{ metric: string; label: string; count: number; firstAt: Date }>): LyraGlobalStats {
  const total = (metric: string) => rows.find((row) => row.metric === metric && row.label === '')?.count ?? 0;
  const top = (metric: string) =>
    rows
      .filter((row) => row.metric === metric)
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
      .slice(0, TOP_LABELS)
      .map(({ label, count }) => ({ label, count }));
  const firstAt = rows.reduce<Date | null>((earliest, { firstAt }) => (earliest && earliest <= firstAt ? earliest : firstAt), null);
  return {
    influencer,
    questions: { answered: total('question_answered'), unanswered: total('question_unanswered') },
    sketches: { made: total('sketch_generated'), played: total('sketch_played'), downloaded: total('sketch_downloaded') },
    remixesStarted: total('remix_started'),
    topMoods: top('mood'),
    topKeys: top('key'),
    since: firstAt?.toISOString() ?? null,
  };
}

/** The question, cut at a word near 60 characters. */
export function titleOf(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  if (flat.length <= TITLE_CHARS) return flat;
  const space = flat.lastIndexOf(' ', TITLE_CHARS);
  return `${flat.slice(0, space > TITLE_CHARS / 2 ? space : TITLE_CHARS).trimEnd()}…`;
}
