import type { Endpoint } from '../endpoint.ts';

/** The point mall: points, goods, redemptions, conversion (issue 9). */
export const pointsEndpoints = {} satisfies Record<string, Endpoint>;
