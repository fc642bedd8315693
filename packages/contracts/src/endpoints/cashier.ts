import type { Endpoint } from '../endpoint.ts';

/** Deposits, withdrawals, bank cards and C2C confirmation (issue 4). */
export const cashierEndpoints = {} satisfies Record<string, Endpoint>;
