import type { Queryable } from '../../db/db.ts';

export async function insertCaptcha(
  q: Queryable,
  id: string,
  answerHash: string,
  expiresAt: Date,
): Promise<void> {
  await q.query('insert into captchas (id, answer_hash, expires_at) values ($1, $2, $3)', [
    id,
    answerHash,
    expiresAt,
  ]);
}

/** Deletes and returns the captcha in one statement, so two verifications cannot both use it. */
export async function takeCaptcha(
  q: Queryable,
  id: string,
): Promise<{ answerHash: string; expiresAt: Date } | null> {
  const rows = await q.query<{ answerHash: string; expiresAt: Date }>(
    'delete from captchas where id = $1 returning answer_hash as "answerHash", expires_at as "expiresAt"',
    [id],
  );
  return rows[0] ?? null;
}

export async function deleteExpired(q: Queryable, now: Date): Promise<void> {
  await q.query('delete from captchas where expires_at < $1', [now]);
}
