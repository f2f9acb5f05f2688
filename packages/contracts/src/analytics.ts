import { z } from 'zod';
import { ANALYTICS_MAX_PROPS, ANALYTICS_PROP_KEY_MAX_CHARS, ANALYTICS_PROP_VALUE_MAX_CHARS, ANALYTICS_URL_MAX_CHARS } from './analytics-props';

/**
 * First-party analytics (docs/decisions/0038-first-party-analytics.md): what the storefront's
 * script may send to `POST /api/analytics/event`. `purchase` is not here: the server records it
 * from the payment provider's webhook and never believes a browser about it.
 */
export const ANALYTICS_EVENT_NAMES = [
  'pageview',
  'product_view',
  'add_to_cart',
  'checkout_start',
  'trial_download',
  'preview_played',
  'lyra_query',
  'sketch_generated',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

const propValueSchema = z.union(
  [z.string().max(ANALYTICS_PROP_VALUE_MAX_CHARS, `Property values are at most ${ANALYTICS_PROP_VALUE_MAX_CHARS} characters.`), z.number(), z.boolean()],
  { error: 'Property values are strings, numbers or booleans.' },
);

export const analyticsPropsSchema = z
  .record(z.string().min(1).max(ANALYTICS_PROP_KEY_MAX_CHARS, `Property names are at most ${ANALYTICS_PROP_KEY_MAX_CHARS} characters.`), propValueSchema, {
    error: 'Properties are an object of names to values.',
  })
  .refine((props) => Object.keys(props).length <= ANALYTICS_MAX_PROPS, `At most ${ANALYTICS_MAX_PROPS} properties.`);

/** One event as the browser sends it; unknown fields are refused so nothing else can be smuggled in. */
export const analyticsEventSchema = z.strictObject(
  {
    name: z.enum(ANALYTICS_EVENT_NAMES, { error: 'Unknown event name.' }),
    url: z
      .string({ error: 'The page address is required.' })
      .min(1, 'The page address is required.')
      .max(ANALYTICS_URL_MAX_CHARS, `The page address is at most ${ANALYTICS_URL_MAX_CHARS} characters.`),
    referrer: z.string().max(ANALYTICS_URL_MAX_CHARS, `The referrer is at most ${ANALYTICS_URL_MAX_CHARS} characters.`).optional(),
    props: analyticsPropsSchema.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown fields: ${issue.keys.join(', ')}.` : 'Send a JSON object such as {"name": "pageview", "url": "/"}.',
  },
);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

// The limits, the props and the checkout tag, without zod, so the storefront's script can import them for free.
export * from './analytics-props';
