import type { studioSportsEndpoints } from '@app/contracts';
import type { StudioTableDeps, StudioTableModule } from '../tables.ts';

/** The studio's sports game (issue 6). */
export function createSportsStudio(_d: StudioTableDeps): StudioTableModule<typeof studioSportsEndpoints> {
  return { handlers: {} };
}

/** `npm run ops -- sports …` usage lines (shown by `npm run ops -- help`). */
export const SPORTS_OPS_USAGE = '';
