import { describe, expect, it } from 'vitest';
import { headerNav, isCurrentPath, vendorLobbyPath } from './nav';

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

  it('gives each game entry a menu of its type; the sports menu also lists the esports vendors', () => {
    const nav = headerNav(['LOTT', 'SPORTS', 'ESPORTS', 'RNG']);
    const menu = Object.fromEntries(nav.map((e) => [e.id, e.menu]));
    expect(menu).toEqual({
      home: undefined,
      LOTT: ['LOTT'],
      SPORTS: ['SPORTS', 'ESPORTS'],
      RNG: ['RNG'],
      promotions: undefined,
      download: undefined,
    });
    expect(headerNav(['ESPORTS'])[1]?.menu).toEqual(['ESPORTS']);
  });

  it('sends a vendor card to the lobby of its type with the vendor selected', () => {
    expect(vendorLobbyPath('RNG', 'PG')).toBe('/rng?vassalage=PG');
    expect(vendorLobbyPath('PVP', 'KY')).toBe('/pvp?vassalage=KY');
    expect(vendorLobbyPath('FISH', 'JILI')).toBe('/fish?vassalage=JILI');
    expect(vendorLobbyPath('LIVE', 'EVO')).toBe('/live?vassalage=EVO');
    expect(vendorLobbyPath('SPORTS', 'SABA')).toBe('/sports?vassalage=SABA');
    expect(vendorLobbyPath('ESPORTS', 'TF')).toBe('/sports?vassalage=TF');
    expect(vendorLobbyPath('LOTT', 'TCG')).toBe('/elott?vassalage=TCG');
    expect(vendorLobbyPath('ELOTT', 'VR')).toBe('/elott?vassalage=VR');
  });

  it('still leads ESPORTS to /sports when sports itself is off', () => {
    expect(headerNav(['ESPORTS']).find((e) => e.id === 'ESPORTS')?.to).toBe('/sports');
  });

  it('knows the current path regardless of query and hash', () => {
    expect(isCurrentPath('/rng?page=2', '/rng')).toBe(true);
    expect(isCurrentPath('/elott', '/lottery')).toBe(false);
  });
});
