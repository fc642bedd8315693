/** Test answers for the games calls, each checked by the real contract schema (tests only). */
import {
  gameList,
  gameSchema,
  gameVendorSchema,
  pvpRoomSchema,
  type Game,
  type GameVendor,
  type PvpRoom,
  type ResponseOf,
} from '@app/contracts';

export function gameFixture(overrides: Partial<Game> = {}): Game {
  const id = overrides.id ?? 1;
  return gameSchema.parse({
    id,
    code: `PG_${id}`,
    name: `Fortune Game ${id}`,
    vassalage: 'PG',
    vendorName: 'PG Soft',
    gameType: 'RNG',
    isGame: 'GAME',
    defaultPlayType: null,
    accountTypeName: null,
    isHot: false,
    tags: [],
    thumbnailUrl: `/img/games/${id}.svg`,
    status: 'active',
    trial: true,
    ...overrides,
  });
}

/** Games `from`..`to` (inclusive) with ids and names by number. */
export function gamesFixture(from: number, to: number, overrides: Partial<Game> = {}): Game[] {
  return Array.from({ length: to - from + 1 }, (_, i) => gameFixture({ ...overrides, id: from + i }));
}

export function pageFixture(items: Game[], page: number, pageSize: number, total: number) {
  return gameList.response.parse({ items, page, pageSize, total }) as ResponseOf<typeof gameList>;
}

export function vendorFixture(overrides: Partial<GameVendor> = {}): GameVendor {
  return gameVendorSchema.parse({
    vassalage: 'PG',
    name: 'PG Soft',
    accountTypeId: 1,
    gameType: 'RNG',
    walletMode: 'transfer',
    status: 'active',
    logoUrl: '/img/vendors/PG.svg',
    gameCount: 120,
    ...overrides,
  });
}

export function roomFixture(overrides: Partial<PvpRoom> = {}): PvpRoom {
  return pvpRoomSchema.parse({
    id: 1,
    name: 'Shan Koe Mee 1',
    gameId: 900,
    gameCode: 'SKM',
    vassalage: 'KY',
    stake: 10_000,
    minBalance: 200_000,
    seats: 6,
    seatsTaken: 2,
    status: 'open',
    ...overrides,
  });
}

/** A fake IntersectionObserver: `reveal()` makes every observed element intersect. */
export function installFakeIntersectionObserver() {
  const instances: FakeObserver[] = [];
  class FakeObserver {
    readonly elements = new Set<Element>();
    constructor(
      readonly callback: IntersectionObserverCallback,
      readonly options: IntersectionObserverInit = {},
    ) {
      instances.push(this);
    }
    observe(el: Element) {
      this.elements.add(el);
    }
    unobserve(el: Element) {
      this.elements.delete(el);
    }
    disconnect() {
      this.elements.clear();
    }
    takeRecords() {
      return [];
    }
    reveal(filter: (el: Element) => boolean = () => true) {
      const records = [...this.elements]
        .filter(filter)
        .map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
      if (records.length) this.callback(records, this as unknown as IntersectionObserver);
    }
  }
  globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  return {
    instances,
    reveal: (filter?: (el: Element) => boolean) => instances.forEach((o) => o.reveal(filter)),
    uninstall: () => {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    },
  };
}
