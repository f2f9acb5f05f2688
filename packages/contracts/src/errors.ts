import { z } from 'zod';

/** Every 4xx/5xx answer of the API has this body. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  /**
   * The message for each input field the request got wrong, by the field's path as zod names it
   * (`price`, `keyFacts.0.value`), so a form can show each beside its field.
   */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
