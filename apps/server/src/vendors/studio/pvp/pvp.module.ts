import type { studioPvpEndpoints } from '@app/contracts';
import type { StudioTableDeps, StudioTableModule } from '../tables.ts';

/** The studio's pvp game (issue 6). */
export function createPvpStudio(_d: StudioTableDeps): StudioTableModule<typeof studioPvpEndpoints> {
  return { handlers: {} };
}
