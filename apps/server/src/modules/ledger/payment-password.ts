import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import { checkMemberPassword, type PasswordLimits } from '../session/password-checks.ts';

export interface PaymentPasswordCheck {
  memberId: string;
  password: string;
  ip: string;
  userAgent?: string;
  /** The call (withdraw, transferUpline …), recorded as `check.payment.<path>`. */
  path: string;
}

/**
 * The payment password of withdrawals and transfers to the upline: counted in the same
 * password-check budget as every other password path (issue 3: 100 per account per hour). A member
 * without one is told to set it in the security centre.
 */
export async function verifyPaymentPassword(
  db: Db,
  c: PaymentPasswordCheck,
  limits: PasswordLimits,
  now: Date,
): Promise<void> {
  const [m] = await db.query<{ id: string; account: string; payment_password_hash: string | null }>(
    'select id, account, payment_password_hash from members where id = $1',
    [c.memberId],
  );
  if (!m) throw new AppError('UNAUTHORIZED');
  if (m.payment_password_hash === null) {
    throw new AppError('UNPROCESSABLE', 'money.errors.no_payment_password', {
      paymentPassword: 'money.errors.no_payment_password',
    });
  }
  const ok = await checkMemberPassword(
    db,
    {
      member: { id: m.id, account: m.account, password_hash: m.payment_password_hash },
      password: c.password,
      ip: c.ip,
      path: `payment.${c.path}`,
      userAgent: c.userAgent,
    },
    limits,
    now,
  );
  if (!ok) {
    throw new AppError('UNPROCESSABLE', 'money.errors.wrong_payment_password', {
      paymentPassword: 'money.errors.wrong_payment_password',
    });
  }
}
