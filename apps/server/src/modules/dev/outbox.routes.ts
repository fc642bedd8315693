import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/db.ts';
import { listOutbox } from '../notify/notifier.ts';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const query = z.object({ to: z.string().max(254).optional() });

/**
 * The outbox of the Notifier port (DESIGN §3), newest first, so a person (or an e2e test) can
 * read the code they were sent: /dev/outbox (HTML) and /dev/outbox.json (`?to=` one recipient).
 * Registered only when NODE_ENV is not production (app.ts).
 */
export async function outboxRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/dev/outbox.json', { schema: { hide: true, querystring: query } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const messages = await listOutbox(db, req.query.to);
    return {
      messages: messages.map((m) => ({ ...m, code: /\b(\d{6})\b/.exec(m.body)?.[1] ?? null })),
    };
  });
  r.get('/dev/outbox', { schema: { hide: true, querystring: query } }, async (req, reply) => {
    const messages = await listOutbox(db, req.query.to);
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escape(m.createdAt)}</td><td>${m.channel}</td><td>${escape(m.recipient)}</td><td>${escape(m.subject ?? '')}</td><td>${escape(m.body)}</td></tr>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox</title></head>
<body>
<h1>Outbox</h1>
<p>SMS and e-mail the server would have sent (development only; not served in production). Newest first.</p>
<table border="1" cellpadding="4">
<thead><tr><th>Time</th><th>Channel</th><th>To</th><th>Subject</th><th>Message</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No messages yet.</td></tr>'}
</tbody></table>
</body></html>
`);
  });
}
