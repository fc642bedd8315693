import type { Endpoint } from '../endpoint.ts';

// The demo studio's sports game (issue 6): the game page's own calls under /studio/api/sports/…,
// authorised by the launch ticket (like studioSession), never the member's session token.

/** The sports page's calls (server: apps/server/src/vendors/studio/sports/). */
export const studioSportsEndpoints = {} satisfies Record<string, Endpoint>;
