import { AppError } from '../../lib/errors.ts';
import * as systemRepo from '../system/system.repository.ts';
import type { MoneyOpsDeps } from '../ops/money-ops.ts';
import { drawNow, refundNumero } from './draw.job.ts';
import { gameByCode, listGames, loadOdds } from './lottery.repository.ts';
import { expectedReturn } from './rules.ts';
import { periodsOnSale } from './draws.service.ts';

/** The lottery's operator commands (issue 7): run on the data directory or through a running server. */
export const LOTTERY_OPS_USAGE = `  lottery list                        lottery games with their period on sale and its close time
  lottery draw-now <gameCode>         the current period closes and draws now, its bets settle
  lottery refund <gameCode> <numero>  voids a period not drawn yet: every pending bet refunded
  lottery odds <gameCode>             the payout table of a game with each house edge`;

const usage = (text: string) => new AppError('BAD_REQUEST', text);

export async function lotteryOps(d: MoneyOpsDeps, args: readonly string[]): Promise<{ message: string }> {
  const m = await systemRepo.findMerchant(d.db);
  if (!m) throw new AppError('SERVICE_UNAVAILABLE', 'no merchant: the database is not seeded');
  const [action, code, numero] = args;
  const deps = { db: d.db, money: d.money, now: d.now };
  switch (action) {
    case 'list': {
      const now = d.now();
      const lines: string[] = [];
      for (const g of await listGames(d.db, m.id)) {
        const { current, next } = await periodsOnSale(d.db, g, now);
        const p = current ?? next;
        lines.push(
          `${g.code.padEnd(16)} ${g.kind.padEnd(8)} ${(g.intervalSeconds ? `${g.intervalSeconds / 60} min` : `${g.drawTime}`).padEnd(6)} ${g.status.padEnd(11)} ${p ? `${p.numero.padEnd(14)} ${current ? 'closes' : 'opens '} ${(current ? p.closeAt : p.openAt).toISOString()}` : 'no period'}`,
        );
      }
      return { message: lines.join('\n') || 'no lottery games' };
    }
    case 'draw-now': {
      if (!code) throw usage('lottery draw-now needs: <gameCode>');
      const r = await drawNow(deps, m.id, code);
      const result = r.period.result?.digits
        ? r.period.result.digits.join('')
        : `special prize ${r.period.result?.prizes?.[0]?.numbers.join(' ') ?? '-'}`;
      const s = r.settlement;
      return {
        message: `${r.game.code} ${r.period.numero} drawn: ${result}\nsettled ${s.won + s.lost + s.refunded} bets: ${s.won} won, ${s.lost} lost, paid ${s.paid}\nnext on sale: ${r.next?.numero ?? '-'}`,
      };
    }
    case 'refund': {
      if (!code || !numero) throw usage('lottery refund needs: <gameCode> <numero>');
      const s = await refundNumero(deps, m.id, code, numero);
      return { message: `${code} ${numero} refunded: ${s.refunded} bets refunded` };
    }
    case 'odds': {
      if (!code) throw usage('lottery odds needs: <gameCode>');
      const g = await gameByCode(d.db, m.id, code);
      if (!g) throw new AppError('NOT_FOUND', `unknown lottery game "${code}"`);
      const odds = await loadOdds(d.db, m.id, g.kind);
      return {
        message: odds
          .filter((o) => g.playTypes.includes(o.playType))
          .map(
            (o) =>
              `${o.playType.padEnd(11)} ${o.option.padEnd(4)} ${(o.oddsX10000 / 10_000).toFixed(4).padStart(10)}  edge ${((1 - expectedReturn(g.kind, o.playType, o.option, o.oddsX10000)) * 100).toFixed(2)} %`,
          )
          .join('\n'),
      };
    }
    default:
      throw usage(`lottery needs: list, draw-now <gameCode>, refund <gameCode> <numero> or odds <gameCode>`);
  }
}
