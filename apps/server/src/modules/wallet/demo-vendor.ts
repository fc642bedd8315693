import type { Db } from '../../db/db.ts';

/**
 * The vendor side of a wallet transfer (DESIGN §4): every call is idempotent by OUR transfer id,
 * and `resolve` is the vendor's final word on an id whose answer we lost (cancel-or-confirm: an id
 * not applied yet is cancelled for good, an applied one is confirmed).
 */
export interface VendorCall {
  /** Our vendor transfer id (a UUID). */
  id: string;
  memberId: string;
  vendor: string;
  amount: number;
}

export type VendorRefusal = 'refused' | 'insufficient' | 'cancelled';
export type VendorAnswer = { ok: true } | { ok: false; reason: VendorRefusal };

/** The call did not reach the vendor, or its answer was lost: the outcome is unknown. */
export class VendorUnreachable extends Error {
  override name = 'VendorUnreachable';
}

export interface VendorPort {
  /** Main → vendor: the vendor credits the member's vendor balance. */
  credit(c: VendorCall): Promise<VendorAnswer>;
  /** Vendor → main: the vendor debits the member's vendor balance (refused when short). */
  debit(c: VendorCall): Promise<VendorAnswer>;
  /** What happened to `id`: applied, or cancelled now and forever. */
  resolve(c: VendorCall): Promise<'applied' | 'cancelled'>;
}

export type VendorOp = 'credit' | 'debit' | 'resolve';
/**
 * Faults a test can inject: `refuse` answers no (and the id is refused for good), `timeout` never
 * reaches the vendor, `lost` applies the call and then loses the answer.
 */
export type VendorFault = 'refuse' | 'timeout' | 'lost';

/**
 * The built-in demo vendor: its own books in demo_vendor_wallets / demo_vendor_transactions, one
 * statement per call (it stands for a third party: never inside one of our transactions). One row
 * per transaction id whatever its kind, so a credit, a debit or a cancel decides an id exactly once.
 */
export class DemoVendor implements VendorPort {
  private readonly faults: { op: VendorOp; fault: VendorFault }[] = [];

  constructor(private readonly db: Db) {}

  /** Test hook: the next `times` calls of `op` fail with `fault` (in the order injected). */
  inject(op: VendorOp, fault: VendorFault, times = 1): void {
    for (let i = 0; i < times; i++) this.faults.push({ op, fault });
  }

  /** Test hook: drops every fault not used yet. */
  clearFaults(): void {
    this.faults.length = 0;
  }

  private takeFault(op: VendorOp): VendorFault | undefined {
    const i = this.faults.findIndex((f) => f.op === op);
    if (i < 0) return undefined;
    return this.faults.splice(i, 1)[0]!.fault;
  }

  /** The vendor's balance of a member (tests compare it with our mirror in the ledger). */
  async balanceOf(memberId: string, vendor: string): Promise<number> {
    const [row] = await this.db.query<{ balance: string }>(
      'select balance from demo_vendor_wallets where member_id = $1 and vendor = $2',
      [memberId, vendor],
    );
    return Number(row?.balance ?? 0);
  }

  async credit(c: VendorCall): Promise<VendorAnswer> {
    return this.run('credit', c, () => this.applyCredit(c));
  }

  async debit(c: VendorCall): Promise<VendorAnswer> {
    return this.run('debit', c, () => this.applyDebit(c));
  }

  async resolve(c: VendorCall): Promise<'applied' | 'cancelled'> {
    const fault = this.takeFault('resolve');
    if (fault) throw new VendorUnreachable(`demo vendor: resolve ${fault}`);
    const kind = await this.cancel(c);
    return kind === 'cancel' ? 'cancelled' : 'applied';
  }

  private async run(op: VendorOp, c: VendorCall, apply: () => Promise<VendorAnswer>): Promise<VendorAnswer> {
    const fault = this.takeFault(op);
    if (fault === 'timeout') throw new VendorUnreachable(`demo vendor: ${op} timed out`);
    if (fault === 'refuse') {
      const kind = await this.cancel(c);
      return kind === 'cancel' ? { ok: false, reason: 'refused' } : { ok: true };
    }
    const answer = await apply();
    if (fault === 'lost') throw new VendorUnreachable(`demo vendor: ${op} answer lost`);
    return answer;
  }

  private async kindOf(id: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ kind: string }>(
      'select kind from demo_vendor_transactions where id = $1',
      [id],
    );
    return row?.kind;
  }

  private answerFor(kind: string | undefined, expected: 'credit' | 'debit'): VendorAnswer {
    if (kind === expected) return { ok: true };
    return { ok: false, reason: kind === 'cancel' ? 'cancelled' : 'refused' };
  }

  private async applyCredit(c: VendorCall): Promise<VendorAnswer> {
    const [row] = await this.db.query<{ inserted: string | null }>(
      `with ins as (
         insert into demo_vendor_transactions (id, kind, member_id, vendor, amount)
         values ($1, 'credit', $2, $3, $4) on conflict (id) do nothing returning kind
       ), w as (
         insert into demo_vendor_wallets (member_id, vendor, balance) select $2, $3, $4 from ins
         on conflict (member_id, vendor) do update set balance = demo_vendor_wallets.balance + excluded.balance
         returning balance
       )
       select (select kind from ins) as inserted, (select count(*) from w) as credited`,
      [c.id, c.memberId, c.vendor, c.amount],
    );
    if (row?.inserted) return { ok: true };
    return this.answerFor(await this.kindOf(c.id), 'credit');
  }

  private async applyDebit(c: VendorCall): Promise<VendorAnswer> {
    let inserted: string | null = null;
    try {
      // The transaction row is inserted only with the debit; a concurrent row with the same id
      // makes the insert fail, which aborts the whole statement (the debit with it).
      const [row] = await this.db.query<{ inserted: string | null }>(
        `with w as (
           update demo_vendor_wallets set balance = balance - $4
            where member_id = $2 and vendor = $3 and balance >= $4
              and not exists (select 1 from demo_vendor_transactions where id = $1)
           returning balance
         ), ins as (
           insert into demo_vendor_transactions (id, kind, member_id, vendor, amount)
           select $1, 'debit', $2, $3, $4 from w returning kind
         )
         select (select kind from ins) as inserted`,
        [c.id, c.memberId, c.vendor, c.amount],
      );
      inserted = row?.inserted ?? null;
    } catch (err) {
      if ((err as { code?: string }).code !== '23505') throw err;
    }
    if (inserted) return { ok: true };
    const kind = await this.kindOf(c.id);
    if (kind) return this.answerFor(kind, 'debit');
    // Not enough on the vendor's books: the refusal is final for this id.
    const final = await this.cancel(c);
    return final === 'cancel' ? { ok: false, reason: 'insufficient' } : this.answerFor(final, 'debit');
  }

  /** Writes the cancel tombstone unless the id is already decided; returns the id's kind. */
  private async cancel(c: VendorCall): Promise<string> {
    const [row] = await this.db.query<{ kind: string }>(
      `insert into demo_vendor_transactions (id, kind, member_id, vendor, amount)
       values ($1, 'cancel', $2, $3, $4) on conflict (id) do nothing returning kind`,
      [c.id, c.memberId, c.vendor, c.amount],
    );
    if (row) return row.kind;
    const kind = await this.kindOf(c.id);
    if (!kind) throw new VendorUnreachable('demo vendor: transaction vanished');
    return kind;
  }
}
