import type { Endpoint } from '../endpoint.ts';

/** Wallets, vendor transfers, transfer to the upline, live events (issue 4). */
export const walletEndpoints = {} satisfies Record<string, Endpoint>;
