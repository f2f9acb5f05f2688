/**
 * Lyra's answers in search mode (docs/behaviour/lyra.md#answers): cited sentences from the
 * store's pages and live products, a Song Seed when a sketcher is given and the text is a wish,
 * and an honest "I don't know" (recorded for the maker) when the index is not confident.
 */
import { DEFAULT_INFLUENCER, type LyraAnswer, type LyraChatRequest, type LyraProduct, type LyraQueryRequest } from '@store/contracts/lyra';
import { paths } from '@store/contracts/paths';
import { createWriteBehind } from '#server/lib/write-behind.ts';
import type { CatalogService, ProductFacts } from '#server/modules/catalog/catalog.service.ts';
import { buildChatPrompt } from './chat-prompt';
import { filterCitations, stablePrefix } from './citations';
import { numberPassages, pagePassages, productPassages } from './knowledge';
import type { LlmClient } from './llm-client';
import type { LyraRepository, UnansweredQuestion } from './lyra.repository';
import type { KnowledgePage, Passage, Sketcher } from './lyra.types';
import { findPersona, PERSONAS, type Persona } from './personas';
import { buildPassageIndex, type PassageIndex } from './search-index';
import { remixFromProduct, suggestProductsForSketch } from './song-seed/index';

/** Unanswered questions are deleted after this long (docs/behaviour/lyra.md#unanswered-questions). */
export const UNANSWERED_RETENTION_DAYS = 365;
/** A shopper's conversations and creative entries are deleted after this long (docs/behaviour/lyra.md#memory). */
export const MEMORY_RETENTION_DAYS = 365;
/**
 * A shopper keeps at most this many conversations and this many creative entries (the newest):
 * a client posting events all day cannot fill the disk within the retention.
 */
export const MEMORY_MAX_PER_SHOPPER = 5_000;
const DAY_MS = 24 * 60 * 60_000;
/** How often old unanswered questions are deleted while the store runs. */
const PRUNE_INTERVAL_MS = 60 * 60_000;
/** Declined questions are written together at most this long after the first of them (see write-behind.ts). */
const RECORD_DELAY_MS = 1_000;
/** Questions waiting beyond this many (a flood while the database is down) are not kept. */
const MAX_WAITING_QUESTIONS = 1_000;
/** At most at this age the index is checked against the catalogue, so another process's change shows within it. */
const DEFAULT_FRESHNESS_MS = 1_000;
/** At most this many product cards with an answer. */
const MAX_PRODUCTS = 3;
/** The language model gets at most this many passages as its context. */
const LLM_PASSAGES = 5;
/** A model's answer is cut at this length. */
const MAX_LLM_ANSWER_CHARS = 4_000;

export class UnknownInfluencerError extends Error {
  constructor(readonly influencer: string) {
    super(`No assistant named '${influencer}'`);
  }
}

/** The language model failed after part of its answer went to the shopper, so it cannot be replaced by the search answer. */
export class ChatInterruptedError extends Error {
  constructor() {
    super('Lyra’s language model stopped in the middle of the answer. Ask again, and Lyra will answer from the store’s pages if it fails again.');
  }
}

export interface ChatOptions {
  /** Aborts the language model's call (the shopper went away). */
  signal?: AbortSignal;
  /** Receives the answer's text as it is written (the model's, with its citations filtered); unset, the whole answer is returned. */
  onText?: (text: string) => void;
}

export interface LyraServiceOptions {
  catalog: Pick<CatalogService, 'listProductFacts' | 'fingerprint'>;
  /** The content pages with their `{{TOKEN}}`s filled; read once (they ship with the store). */
  loadPages: () => Promise<KnowledgePage[]>;
  repository: LyraRepository;
  supportEmail: string;
  sketcher?: Sketcher;
  /** The maker's language model; without it chat answers in search mode and nothing leaves the machine. */
  llm?: LlmClient;
  /** How the instructions name the store. */
  storeName?: string;
  /** A failed or empty language-model answer (answered from the search instead); never given the prompt. */
  onLlmFailure?: (error: unknown) => void;
  personas?: readonly Persona[];
  freshnessMs?: number;
  /** Failures of the background work (recording declined questions, deleting old ones); they never fail an answer. */
  onBackgroundError?: (error: unknown) => void;
  now?: () => number;
}

interface Knowledge {
  index: PassageIndex;
  products: ProductFacts[];
  fingerprint: string;
}

export function createLyraService(options: LyraServiceOptions) {
  const now = options.now ?? Date.now;
  const freshnessMs = options.freshnessMs ?? DEFAULT_FRESHNESS_MS;
  const personas = options.personas ?? PERSONAS;
  let pages: Promise<KnowledgePage[]> | undefined;
  let knowledge: Knowledge | undefined;
  let checkedAt = -Infinity;
  let refreshing: Promise<Knowledge> | undefined;
  const onBackgroundError = options.onBackgroundError ?? (() => undefined);
  let pruneTimer: NodeJS.Timeout | undefined;
  let pruning: Promise<unknown> | undefined;
  const unanswered = createWriteBehind<UnansweredQuestion>({
    write: (batch) => options.repository.recordUnanswered(batch),
    delayMs: RECORD_DELAY_MS,
    maxWaiting: MAX_WAITING_QUESTIONS,
    onError: onBackgroundError,
  });
  const record = (question: UnansweredQuestion) => unanswered.add(question);
  const recordWaiting = unanswered.flush;

  async function build(fingerprint: string): Promise<Knowledge> {
    pages ??= options.loadPages().catch((error: unknown) => {
      pages = undefined;
      throw error;
    });
    const [contentPages, products] = await Promise.all([pages, options.catalog.listProductFacts()]);
    const passages = numberPassages([...contentPages.flatMap(pagePassages), ...products.flatMap(productPassages)]);
    return { index: buildPassageIndex(passages), products, fingerprint };
  }

  /** The index, rebuilt when the catalogue's fingerprint changed since the last look (at most once per `freshnessMs`). */
  function currentKnowledge(): Promise<Knowledge> | Knowledge {
    if (knowledge && now() - checkedAt < freshnessMs) return knowledge;
    refreshing ??= (async () => {
      const fingerprint = await options.catalog.fingerprint();
      if (!knowledge || knowledge.fingerprint !== fingerprint) knowledge = await build(fingerprint);
      checkedAt = now();
      return knowledge;
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  /** Deletes the unanswered questions older than the retention; returns how many. */
  function pruneUnanswered(): Promise<number> {
    return options.repository.deleteUnansweredBefore(new Date(now() - UNANSWERED_RETENTION_DAYS * DAY_MS));
  }

  /** Deletes the shoppers' conversations and creative entries older than the retention (docs/behaviour/lyra.md#memory). */
  async function pruneMemory() {
    const old = await options.repository.deleteMemoryBefore(new Date(now() - MEMORY_RETENTION_DAYS * DAY_MS));
    const beyond = await options.repository.trimMemoryTo(MEMORY_MAX_PER_SHOPPER);
    return { conversations: old.conversations + beyond.conversations, entries: old.entries + beyond.entries };
  }

  function personaFor(influencer: string): Persona {
    const persona = findPersona(influencer, personas);
    if (!persona) throw new UnknownInfluencerError(influencer);
    return persona;
  }

  /** The answer from the index alone (or a sketch for a wish); a declined question is recorded. */
  function searchAnswer(question: string, remix: string | undefined, persona: Persona, { index, products }: Knowledge): LyraAnswer {
    const found = index.answer(question);
    const remixed = remix === undefined ? undefined : products.find(({ detail }) => detail.path === remix)?.detail;
    // An unknown remix product is ignored: the wish alone makes the sketch.
    const sketch = options.sketcher?.sketchForWish(question, remixed && { remix: remixFromProduct(remixed) }) ?? undefined;
    const base = { influencer: persona.id, mode: 'search' as const };

    if (sketch) {
      // A wish: the sketch is the answer, with the products that fit it.
      // The title already names the key and tempo ('… in A minor, 80 bpm'); the sketch's card shows them again.
      const line = `${persona.lines.sketch}: **${sketch.title}** (${sketch.chords.join(' – ')}).`;
      const fitting = suggestProductsForSketch(
        sketch,
        products.map(({ detail }) => detail),
      );
      return { ...base, answered: true, answer: line, citations: [], products: cardsFor(fitting, products), sketch };
    }
    if (found)
      return { ...base, answered: true, answer: found.answer, citations: found.citations, products: productCards(found.answer, found.cited, products) };
    record({ influencer: persona.id, question, createdAt: new Date(now()) });
    return { ...base, answered: false, answer: declineAnswer(persona, options.supportEmail), citations: [], products: [] };
  }

  /**
   * The language model's answer grounded in these passages, or null when it failed or said
   * nothing before any of its text went out. Throws ChatInterruptedError when it failed after.
   */
  async function llmAnswer(llm: LlmClient, request: LyraChatRequest, persona: Persona, passages: Passage[], knowledge: Knowledge, chat: ChatOptions) {
    const messages = buildChatPrompt({ persona, storeName: options.storeName ?? 'the store', passages, messages: request.messages });
    let text = '';
    let sent = '';
    const send = (shown: string) => {
      if (shown.length <= sent.length) return;
      chat.onText?.(shown.slice(sent.length));
      sent = shown;
    };
    try {
      for await (const piece of llm.streamChat(messages, { signal: chat.signal })) {
        text = `${text}${piece}`.trimStart();
        if (text.length >= MAX_LLM_ANSWER_CHARS) break;
        // Only what later pieces cannot change goes out: a marker may still be dropped.
        if (chat.onText) send(filterCitations(stablePrefix(text), passages.length).text);
      }
    } catch (error) {
      if (chat.signal?.aborted) throw error;
      options.onLlmFailure?.(error);
      if (sent) throw new ChatInterruptedError();
      return null;
    }
    const { text: answer, used } = filterCitations(text.trimEnd(), passages.length);
    if (!answer) {
      options.onLlmFailure?.(new Error('the language model answered nothing'));
      return null;
    }
    send(answer);
    const cited = used.map((n) => passages[n - 1]!);
    const citations = cited.map((passage, index) => ({ n: index + 1, title: passage.title, url: passage.url }));
    const base = { influencer: persona.id, mode: 'llm' as const, citations, products: productCards(answer, cited, knowledge.products) };
    if (cited.length > 0) return { ...base, answered: true, answer };
    // Nothing cited: the model did not find it in the store's pages.
    record({ influencer: persona.id, question: request.messages.at(-1)!.content.trim(), createdAt: new Date(now()) });
    const pointer = `\n\n${supportPointer(options.supportEmail)}`;
    send(answer + pointer);
    return { ...base, answered: false, answer: answer + pointer };
  }

  return {
    /** Throws UnknownInfluencerError unless this persona (default Lyra) is configured. */
    checkPersona(influencer: string | undefined): void {
      personaFor(influencer ?? DEFAULT_INFLUENCER);
    },

    /** The configured persona (default Lyra); throws UnknownInfluencerError for another. */
    persona(influencer: string | undefined): Persona {
      return personaFor(influencer ?? DEFAULT_INFLUENCER);
    },

    /** Answers one question; throws UnknownInfluencerError for a persona that is not configured. */
    async query(request: LyraQueryRequest): Promise<LyraAnswer> {
      const persona = personaFor(request.influencer ?? DEFAULT_INFLUENCER);
      return searchAnswer(request.query, request.remix, persona, await currentKnowledge());
    },

    /**
     * Answers the conversation's last question (docs/behaviour/lyra.md#chat-and-the-language-model):
     * with the language model when configured, grounded in the passages search mode would quote;
     * a wish, a remix, or any failure, timeout or empty answer of the model, gets the search answer.
     */
    async chat(request: LyraChatRequest, chat: ChatOptions = {}): Promise<LyraAnswer> {
      const persona = personaFor(request.influencer ?? DEFAULT_INFLUENCER);
      const question = request.messages.at(-1)!.content.trim();
      const knowledge = await currentKnowledge();
      // A remix always asks for a sketch: the model is not asked, as for a wish.
      const isSketchRequest = request.remix !== undefined || Boolean(options.sketcher?.sketchForWish(question));
      const passages = isSketchRequest ? [] : knowledge.index.retrieve(question, LLM_PASSAGES).map((hit) => hit.passage);
      // Nothing to ground an answer in: the search answer declines without asking the model.
      if (options.llm && passages.length > 0) {
        const answer = await llmAnswer(options.llm, request, persona, passages, knowledge, chat);
        if (answer) return answer;
      }
      return searchAnswer(question, request.remix, persona, knowledge);
    },

    pruneUnanswered,

    pruneMemory,

    /** Writes the declined questions waiting to be recorded now. */
    recordWaiting,

    /** Deletes old unanswered questions and memories now and then every hour until `stop`; a failure is reported and retried at the next run. */
    start() {
      const run = () => {
        pruning = Promise.all([pruneUnanswered().catch(onBackgroundError), pruneMemory().catch(onBackgroundError)]);
      };
      run();
      pruneTimer = setInterval(run, PRUNE_INTERVAL_MS);
      pruneTimer.unref();
    },

    /** Stops deleting and writes the questions still waiting. */
    async stop() {
      clearInterval(pruneTimer);
      await pruning;
      await recordWaiting();
    },

    /** How many passages the index holds (building it when needed). */
    async passageCount(): Promise<number> {
      return (await currentKnowledge()).index.size;
    },
  };
}

export type LyraService = ReturnType<typeof createLyraService>;

export function declineAnswer(persona: Persona, supportEmail: string): string {
  return `${persona.lines.unknown} ${supportPointer(supportEmail)}`;
}

function supportPointer(supportEmail: string): string {
  return `Please ask us on the [Support page](${paths.content.support.path}) or write to [${supportEmail}](mailto:${supportEmail}).`;
}

/** Products whose passages were cited, then products the answer names, as cards priced at what the shopper pays. */
function productCards(answer: string, cited: readonly Passage[], products: ProductFacts[]): LyraProduct[] {
  const answerText = answer.toLowerCase();
  const citedPaths = cited.flatMap((passage) => (passage.productPath ? [passage.productPath] : []));
  const namedPaths = products.filter(({ detail }) => answerText.includes(detail.display.toLowerCase())).map(({ detail }) => detail.path);
  return cardsFor([...new Set([...citedPaths, ...namedPaths])], products);
}

/** Cards, priced at what the shopper pays, for the first few of these product paths. */
function cardsFor(paths: readonly string[], products: ProductFacts[]): LyraProduct[] {
  const byPath = new Map(products.map((product) => [product.detail.path, product.detail]));
  return paths.slice(0, MAX_PRODUCTS).flatMap((path) => {
    const detail = byPath.get(path);
    return detail ? [{ path: detail.path, display: detail.display, price: detail.total, image: detail.image }] : [];
  });
}
