import { z } from 'zod/mini';

/**
 * A text the merchant writes in each complete language (issue 9: mission names, the point mall's
 * goods and their descriptions).
 */
export const localizedTextSchema = z.object({
  MY: z.string(),
  EN: z.string(),
  CN: z.string(),
  TH: z.string(),
  VI: z.string(),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;
