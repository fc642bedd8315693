import type { Endpoint } from '../endpoint.ts';

/** The reward centre, referrals, missions and red envelopes (issue 9). */
export const rewardEndpoints = {} satisfies Record<string, Endpoint>;
