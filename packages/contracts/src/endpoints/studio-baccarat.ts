import type { Endpoint } from '../endpoint.ts';

// The demo studio's baccarat game (issue 6): the game page's own calls under /studio/api/baccarat/…,
// authorised by the launch ticket (like studioSession), never the member's session token.

/** The baccarat page's calls (server: apps/server/src/vendors/studio/baccarat/). */
export const studioBaccaratEndpoints = {} satisfies Record<string, Endpoint>;
