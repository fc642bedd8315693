import type { Endpoint } from '../endpoint.ts';

// The demo studio's fish game (issue 6): the game page's own calls under /studio/api/fish/…,
// authorised by the launch ticket (like studioSession), never the member's session token.

/** The fish page's calls (server: apps/server/src/vendors/studio/fish/). */
export const studioFishEndpoints = {} satisfies Record<string, Endpoint>;
