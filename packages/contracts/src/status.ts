import { z } from 'zod';

export const statusResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  version: z.string(),
  database: z.enum(['pglite', 'postgresql']),
  uptimeSeconds: z.number().int().nonnegative(),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;
