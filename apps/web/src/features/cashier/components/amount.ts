import { parseMajor } from '@app/contracts';

/**
 * An amount typed in major units against the limits (minor units): true when it may be sent,
 * else the message key (rendered with {min, max} as money). `balance`: what the main wallet holds.
 */
export function amountProblem(
  text: string,
  limits: { min: number; max: number; balance?: number },
): true | string {
  if (text.trim() === '') return 'cashier.errors.amount_required';
  const minor = parseMajor(text);
  if (minor === null) return 'money.errors.amount_invalid';
  if (minor < limits.min) return 'cashier.errors.below_min';
  if (minor > limits.max) return 'cashier.errors.above_max';
  if (limits.balance !== undefined && minor > limits.balance) return 'money.errors.insufficient_balance';
  return true;
}
