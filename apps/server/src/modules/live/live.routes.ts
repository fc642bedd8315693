import { LIVE_EVENTS_PATH, SESSION_IDLE_MINUTES, type LiveEvent } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/errors.ts';
import { requireMember } from '../session/session.plugin.ts';
import type { LiveHub } from './live.hub.ts';

export interface LiveRoutesOptions {
  db: Db;
  hub: LiveHub;
  now: Clock;
  /** A comment line this often keeps proxies from closing the stream; the session is re-checked. */
  heartbeatMs: number;
}

/** The heartbeat: a comment (keeps proxies from closing the stream) and a ping event for the client. */
const PING = `: ping\ndata: ${JSON.stringify({ type: 'ping' } satisfies LiveEvent)}\n\n`;

/** What may wait unsent for one stream's client before the stream is dropped. */
const MAX_UNSENT_BYTES = 256 * 1024;

/** Still signed in (not revoked, not expired, not idle), read without extending the session. */
async function sessionAlive(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `select 1 from sessions where id = $1 and revoked_at is null and expires_at > $2
        and last_seen_at > $2::timestamptz - make_interval(mins => $3)`,
    [sessionId, now, SESSION_IDLE_MINUTES],
  );
  return rows.length > 0;
}

/**
 * GET /wps/events (DESIGN §3 real time): one Server-Sent Events stream per signed-in client. The
 * client reads it with fetch() and `Authorization: Bearer` (EventSource cannot send the header;
 * a token never goes into a URL). First the balance and the unread count, then every change the
 * hub hears of; each heartbeat re-checks the session (without extending it) and ends the stream
 * when it is gone, else sends the ping. The headers of the security plugin (CSP …) set on the
 * reply before the hijack are written too; nothing compresses or buffers the stream. Every open
 * stream ends when the app closes (preClose), so shutdown and tests never wait for a client.
 */
export async function liveRoutes(
  app: FastifyInstance,
  { db, hub, now, heartbeatMs }: LiveRoutesOptions,
): Promise<void> {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.route({
    method: 'GET',
    url: LIVE_EVENTS_PATH,
    // No automatic HEAD: it would open a stream whose events are never written (a HEAD has no
    // body) and hold a hub registration and a heartbeat until the session ends.
    exposeHeadRoute: false,
    schema: { hide: true },
    config: { endpointId: 'liveEvents', auth: 'member' },
    handler: async (req, reply) => {
      const member = requireMember(req);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');

      let ended = false;
      let unregister: (() => void) | null = null;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(timer);
        unregister?.();
        open.delete(end);
        res.end();
      };
      open.add(end);
      const write = (chunk: string) => {
        if (ended) return;
        // A client that stopped reading: rather than buffer without bound, drop it (it reconnects
        // and is sent the current state; the latest event is the truth anyway).
        if (res.writableLength > MAX_UNSENT_BYTES) {
          end();
          res.destroy();
          return;
        }
        res.write(chunk);
      };
      const send = (event: LiveEvent) => write(`data: ${JSON.stringify(event)}\n\n`);
      const timer = setInterval(() => {
        sessionAlive(db, member.sessionId, now())
          .then((alive) => (alive && !ended ? write(PING) : end()))
          .catch(() => end());
      }, heartbeatMs);
      timer.unref();
      req.raw.on('close', end);
      res.on('close', end);
      res.on('error', end);
      try {
        const u = await hub.open({ member, send });
        if (ended) u();
        else unregister = u;
      } catch (err) {
        req.log.warn({ err }, 'live: could not open the stream');
        end();
      }
    },
  });
}
