import type { studioFishEndpoints } from '@app/contracts';
import type { StudioTableDeps, StudioTableModule } from '../tables.ts';

/** The studio's fish game (issue 6). */
export function createFishStudio(_d: StudioTableDeps): StudioTableModule<typeof studioFishEndpoints> {
  return { handlers: {} };
}
