import type { Endpoint } from '../endpoint.ts';

// The demo studio's pvp game (issue 6): the game page's own calls under /studio/api/pvp/…,
// authorised by the launch ticket (like studioSession), never the member's session token.

/** The pvp page's calls (server: apps/server/src/vendors/studio/pvp/). */
export const studioPvpEndpoints = {} satisfies Record<string, Endpoint>;
