import { z } from 'zod';
import { influencerSchema, lyraAnswerSchema, lyraSketchSchema } from './lyra';

/**
 * What Lyra remembers for a signed-in shopper (docs/behaviour/lyra.md#memory): conversations,
 * the creative log ("Your sketches" is its `sketch_generated` entries), Lyra's state toward the
 * shopper, and the public aggregates every shopper adds to.
 */

export const CREATIVE_EVENT_TYPES = ['wish', 'sketch_generated', 'sketch_played', 'sketch_downloaded', 'remix_started', 'preview_played'] as const;
export type CreativeEventType = (typeof CREATIVE_EVENT_TYPES)[number];

/** An event's `data` is at most this many bytes of JSON. */
export const CREATIVE_EVENT_DATA_MAX_BYTES = 4096;

const creativeEventDataSchema = z
  .record(z.string(), z.unknown(), { error: 'must be a JSON object' })
  .refine(
    (data) => new TextEncoder().encode(JSON.stringify(data)).length <= CREATIVE_EVENT_DATA_MAX_BYTES,
    `at most ${CREATIVE_EVENT_DATA_MAX_BYTES} bytes of JSON`,
  );

/** `POST /api/creative/log` */
export const creativeLogRequestSchema = z.object(
  {
    type: z.enum(CREATIVE_EVENT_TYPES, { error: `one of ${CREATIVE_EVENT_TYPES.join(', ')}` }),
    data: creativeEventDataSchema.optional(),
    influencer: influencerSchema.optional(),
  },
  { error: 'type: send a JSON object such as {"type": "sketch_played", "data": {"sketchId": "…"}}' },
);
export type CreativeLogRequest = z.infer<typeof creativeLogRequestSchema>;

/** 201: `id` is the stored entry's, or null for an anonymous shopper (only the aggregate counts grew). */
export const creativeLogCreatedSchema = z.object({ id: z.uuid().nullable() });
export type CreativeLogCreated = z.infer<typeof creativeLogCreatedSchema>;

export const CREATIVE_LOG_PAGE_MAX = 50;

/** `GET /api/creative/log?type=&limit=&before=`: the shopper's own entries, newest first. */
export const creativeLogQuerySchema = z.object({
  type: z.enum(CREATIVE_EVENT_TYPES, { error: `one of ${CREATIVE_EVENT_TYPES.join(', ')}` }).optional(),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'at least 1')
    .max(CREATIVE_LOG_PAGE_MAX, `at most ${CREATIVE_LOG_PAGE_MAX}`)
    .default(20),
  /** The `nextCursor` of the previous page. */
  before: z.string().max(200, 'not a cursor from this store').optional(),
});
export type CreativeLogQuery = z.infer<typeof creativeLogQuerySchema>;

export const creativeLogEntrySchema = z.object({
  id: z.uuid(),
  type: z.enum(CREATIVE_EVENT_TYPES),
  influencer: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CreativeLogEntry = z.infer<typeof creativeLogEntrySchema>;

export const creativeLogPageSchema = z.object({
  entries: z.array(creativeLogEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CreativeLogPage = z.infer<typeof creativeLogPageSchema>;

/** The `data` of a `sketch_generated` entry the server writes: the sketch as the answer gave it, and the wish. */
export const sketchGeneratedDataSchema = z.object({ sketch: lyraSketchSchema, wish: z.string().optional() });

/** `?influencer=` of the GET calls; `lyra` when absent. */
export const influencerQuerySchema = z.object({ influencer: influencerSchema.optional() });

const countedLabelSchema = z.object({ label: z.string(), count: z.number().int().nonnegative() });

/** `GET /api/lyra/global-stats?influencer=lyra`: public aggregates, no shopper in them. */
export const lyraGlobalStatsSchema = z.object({
  influencer: z.string(),
  questions: z.object({ answered: z.number().int().nonnegative(), unanswered: z.number().int().nonnegative() }),
  sketches: z.object({ made: z.number().int().nonnegative(), played: z.number().int().nonnegative(), downloaded: z.number().int().nonnegative() }),
  remixesStarted: z.number().int().nonnegative(),
  /** Most frequent first, at most five each. */
  topMoods: z.array(countedLabelSchema),
  topKeys: z.array(countedLabelSchema),
  /** When the first of these was counted; null before anything was. */
  since: z.iso.datetime({ offset: true }).nullable(),
});
export type LyraGlobalStats = z.infer<typeof lyraGlobalStatsSchema>;

export const LYRA_MOODS = ['curious', 'warm', 'playful', 'excited', 'wistful'] as const;

/** `GET /api/lyra/psychological_state/me?influencer=lyra`: Lyra toward this shopper, computed from their history alone. */
export const lyraShopperStateSchema = z.object({
  influencer: z.string(),
  mood: z.enum(LYRA_MOODS),
  energy: z.number().min(0).max(1),
  familiarity: z.number().min(0).max(1),
  streakDays: z.number().int().nonnegative(),
  favouriteKeys: z.array(z.string()),
  favouriteMoods: z.array(z.string()),
  lastSeen: z.iso.datetime({ offset: true }).nullable(),
  /** What the chat opens with. */
  greeting: z.string(),
});
export type LyraShopperState = z.infer<typeof lyraShopperStateSchema>;

/** `GET /api/lyra/conversations` (signed in): the shopper's conversations, most recent first. */
export const lyraConversationListSchema = z.object({
  conversations: z.array(z.object({ id: z.uuid(), influencer: z.string(), title: z.string(), updatedAt: z.iso.datetime({ offset: true }) })),
});
export type LyraConversationList = z.infer<typeof lyraConversationListSchema>;

export const lyraStoredMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  citations: lyraAnswerSchema.shape.citations.optional(),
  products: lyraAnswerSchema.shape.products.optional(),
  sketch: lyraSketchSchema.optional(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** `GET /api/lyra/conversations/{id}` (signed in, the shopper's own): its turns, oldest first. */
export const lyraConversationSchema = z.object({
  id: z.uuid(),
  influencer: z.string(),
  title: z.string(),
  messages: z.array(lyraStoredMessageSchema),
});
export type LyraConversation = z.infer<typeof lyraConversationSchema>;

export const lyraConversationParamsSchema = z.object({ id: z.uuid({ error: 'not a conversation id' }) });
