import { z } from 'zod';

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/**
 * `GET /api/downloads/{fileId}?entitlement&expires&signature`: a signed download link, from
 * the order email or the account page. The numbers arrive as text in the URL.
 */
export const downloadParamsSchema = z.object({ fileId: id });
export const downloadQuerySchema = z.object({
  entitlement: id,
  expires: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 40),
  signature: z.string().min(1).max(100),
});
