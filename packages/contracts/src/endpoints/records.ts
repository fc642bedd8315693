import type { Endpoint } from '../endpoint.ts';

/** Account record, bonus details, personal loss and messages (issue 4). */
export const recordsEndpoints = {} satisfies Record<string, Endpoint>;
