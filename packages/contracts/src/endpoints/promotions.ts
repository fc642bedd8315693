import type { Endpoint } from '../endpoint.ts';

/** Promotions: activities, applications, claims and raffles (issue 9). */
export const promotionEndpoints = {} satisfies Record<string, Endpoint>;
