import { describe, expect, it } from 'vitest';
import { headerNav, isCurrentPath } from './nav';

describe('header navigation config', () => {
  it('maps game types to the spec §2 pages', () => {
    const nav = headerNav(['LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'RNG', 'PVP']);
    const to = Object.fromEntries(nav.map((e) => [e.id, e.to]));
    expect(to).toMatchObject({
      home: '/index',
      LOTT: '/elott',
      ELOTT: '/elott',
      LIVE: '/live',
      SPORTS: '/sports',
      FISH: '/fish',
      RNG: '/rng',
      PVP: '/pvp',
      promotions: '/promotions',
      download: '/download',
    });
    // ESPORTS has no page of its own: it belongs to the sports menu.
    expect(nav.find((e) => e.id === 'ESPORTS')).toBeUndefined();
  });

  it('still leads ESPORTS to /sports when sports itself is off', () => {
    expect(headerNav(['ESPORTS']).find((e) => e.id === 'ESPORTS')?.to).toBe('/sports');
  });

  it('knows the current path regardless of query and hash', () => {
    expect(isCurrentPath('/rng?page=2', '/rng')).toBe(true);
    expect(isCurrentPath('/elott', '/lottery')).toBe(false);
  });
});
