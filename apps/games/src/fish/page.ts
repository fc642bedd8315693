import type { TablePageOptions } from '../tables.ts';

/** The fish page (issue 6). */
export function mount(o: TablePageOptions): Promise<{ destroy(): void }> {
  o.soon();
  return Promise.resolve({ destroy: () => undefined });
}
