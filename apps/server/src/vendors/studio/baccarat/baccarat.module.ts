import type { studioBaccaratEndpoints } from '@app/contracts';
import type { StudioTableDeps, StudioTableModule } from '../tables.ts';

/** The studio's baccarat game (issue 6). */
export function createBaccaratStudio(_d: StudioTableDeps): StudioTableModule<typeof studioBaccaratEndpoints> {
  return { handlers: {} };
}
