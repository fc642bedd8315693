import type { Fetch, StudioSession } from './api.ts';
import type { StudioLanguage, Translate } from './i18n/i18n.ts';

/** The studio's table pages (issue 6), one lazily loaded chunk each (with its own texts). */
export type TableKind = 'baccarat' | 'sports' | 'fish' | 'pvp';

export interface TablePageOptions {
  root: HTMLElement;
  session: StudioSession;
  ticket: string;
  /** The studio's shared texts (loading, errors, lobby …). */
  t: Translate;
  /** The page loads its own texts in this language (src/<kind>/i18n/<lang>.json). */
  lang: StudioLanguage;
  fetchImpl?: Fetch;
  newRequestId?: () => string;
  reducedMotion?: boolean;
  /** Shows the "opens soon" page instead (a page that cannot play this game). */
  soon(): void;
}

export interface TablePage {
  mount(o: TablePageOptions): Promise<{ destroy(): void }>;
}

export const TABLE_PAGES: Record<TableKind, () => Promise<TablePage>> = {
  baccarat: () => import('./baccarat/page.ts'),
  sports: () => import('./sports/page.ts'),
  fish: () => import('./fish/page.ts'),
  pvp: () => import('./pvp/page.ts'),
};
