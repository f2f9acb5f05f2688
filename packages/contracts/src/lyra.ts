import { z } from 'zod';
import { productPathSchema } from './catalog/product';

/**
 * Lyra, the store's assistant (docs/behaviour/lyra.md): cited answers from the store's own pages
 * and products, and MIDI sketches ("Song Seeds") made from a wish. Shared by the server's `lyra`
 * module and the web app's `lyra` feature.
 */

/** The persona answering; `lyra` unless the request names another configured one. */
export const DEFAULT_INFLUENCER = 'lyra';
export const influencerSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(40, 'at most 40 characters')
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'lower-case letters, digits, - and _ only');

export const LYRA_QUERY_MAX_CHARS = 2000;
export const lyraQueryTextSchema = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, 'must not be empty')
  .max(LYRA_QUERY_MAX_CHARS, `at most ${LYRA_QUERY_MAX_CHARS} characters`);

/** `POST /api/lyra/query` */
export const lyraQueryRequestSchema = z.object(
  {
    query: lyraQueryTextSchema,
    influencer: influencerSchema.optional(),
    /** A pending remix (`?inspiration=…&remix={product path}`): that product's key and tempo seed the sketch. */
    remix: productPathSchema.optional(),
  },
  // A missing body, or one that is not an object, still names the field to send.
  { error: 'query: send a JSON object such as {"query": "How do I get a refund?"}' },
);
export type LyraQueryRequest = z.infer<typeof lyraQueryRequestSchema>;

/** A numbered source of an answer: `[n]` in the answer's Markdown links to `url` (a path with a heading anchor). */
export const lyraCitationSchema = z.object({
  n: z.number().int().positive(),
  title: z.string(),
  url: z.string().startsWith('/'),
});
export type LyraCitation = z.infer<typeof lyraCitationSchema>;

/** A product the answer names, shown as a card with Add to Cart. `price` is the formatted price to pay. */
export const lyraProductSchema = z.object({
  path: z.string(),
  display: z.string(),
  price: z.string(),
  image: z.string(),
});
export type LyraProduct = z.infer<typeof lyraProductSchema>;

export const SKETCH_MODES = ['major', 'minor'] as const;

/**
 * A Song Seed: a short MIDI sketch (chords, bass, melody) made from a wish. The same wish and
 * seed always make the same file; `id` names the sketch so `midiUrl` can be fetched again.
 */
export const lyraSketchSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/),
  title: z.string(),
  /** The key as written for people, e.g. 'A minor', 'Bb major'. */
  key: z.string(),
  bpm: z.number().int().min(40).max(240),
  /** One chord symbol per bar, e.g. ['Am7', 'Dm7', 'G7', 'Cmaj7']. */
  chords: z.array(z.string()).min(1),
  seed: z.number().int().nonnegative(),
  /** The style it is played in, e.g. 'lo-fi', 'jazz'. */
  style: z.string(),
  /** The mood read from the wish, when it named one, e.g. 'melancholic'. */
  mood: z.string().optional(),
  /** `GET /api/lyra/sketches/{id}.mid` */
  midiUrl: z.string().startsWith('/api/lyra/sketches/'),
});
export type LyraSketch = z.infer<typeof lyraSketchSchema>;

/** The answer of `POST /api/lyra/query` (and of `POST /api/lyra/chat` without streaming, plus `conversationId`). */
export const lyraAnswerSchema = z.object({
  influencer: z.string(),
  /** `search`: sentences of the store's own pages; `llm`: the configured language model, grounded in the same passages. */
  mode: z.enum(['search', 'llm']),
  /** False when Lyra does not know: the answer then points to Support. */
  answered: z.boolean(),
  /** Markdown, with `[n]` markers for the citations. */
  answer: z.string(),
  citations: z.array(lyraCitationSchema),
  products: z.array(lyraProductSchema),
  sketch: lyraSketchSchema.optional(),
});
export type LyraAnswer = z.infer<typeof lyraAnswerSchema>;

export const lyraChatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(LYRA_QUERY_MAX_CHARS * 4, 'a message is too long'),
});

/** `POST /api/lyra/chat`: the last message is the shopper's. */
export const lyraChatRequestSchema = z.object({
  messages: z
    .array(lyraChatMessageSchema)
    .min(1, 'at least one message')
    .max(40, 'at most 40 messages')
    .refine((messages) => messages.at(-1)?.role === 'user', 'the last message must be the shopper’s')
    .refine((messages) => lyraQueryTextSchema.safeParse(messages.at(-1)?.content).success, 'the last message must be 1 to 2000 characters'),
  conversationId: z.uuid().optional(),
  influencer: influencerSchema.optional(),
  /** A pending remix, as in the query request: that product's key and tempo seed the sketch; an unknown path is ignored. */
  remix: productPathSchema.optional(),
});
export type LyraChatRequest = z.infer<typeof lyraChatRequestSchema>;

export const lyraChatAnswerSchema = lyraAnswerSchema.extend({ conversationId: z.uuid().optional() });
export type LyraChatAnswer = z.infer<typeof lyraChatAnswerSchema>;

/** The Server-Sent Events of a streamed chat answer, by event name. */
export const lyraChatEventSchemas = {
  delta: z.object({ text: z.string() }),
  citations: z.object({ citations: z.array(lyraCitationSchema) }),
  products: z.object({ products: z.array(lyraProductSchema) }),
  sketch: z.object({ sketch: lyraSketchSchema }),
  done: z.object({ conversationId: z.uuid().optional(), mode: z.enum(['search', 'llm']), answered: z.boolean() }),
  error: z.object({ message: z.string() }),
} as const;
export type LyraChatEventName = keyof typeof lyraChatEventSchemas;
