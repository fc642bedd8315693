import { formatMinor } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { sign, type CashierService } from './cashier.service.ts';

/**
 * The demo instant payment gateway (issue 4). It stands for a third party: its pay page is not a
 * page of the site and its notification reaches the server the way a real gateway's
 * server-to-server callback does — a JSON body signed with HMAC-SHA256 (X-Demo-Signature, hex,
 * key DEMO_GATEWAY_SECRET), checked in constant time before anything is read or written.
 *
 * GET  /wps/payment/demo/pay?deposit=<id>&sig=<link signature>  the pay page (no script: CSP)
 * POST /wps/payment/demo/pay        Pay / Cancel: the gateway sends its callback, then 303s the
 *                                   browser back to the site's deposit page
 * POST /wps/payment/callback/demo   the signed callback; credits the deposit once
 */

export const GATEWAY_SIGNATURE_HEADER = 'x-demo-signature';

/** Where the browser returns after paying: the site opens its deposit page from these. */
export const returnUrl = (depositId: number | string, result: 'paid' | 'cancelled') =>
  `/?panel=personal&page=depositv2&deposit=${depositId}&result=${result}`;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

export async function gatewayRoutes(app: FastifyInstance, { cashier }: { cashier: CashierService }) {
  // The callback's signature covers the exact bytes: keep JSON bodies as text in this plugin.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => done(null, body),
  );

  app.get('/wps/payment/demo/pay', async (req, reply) => {
    const q = req.query as { deposit?: unknown; sig?: unknown };
    const id = typeof q.deposit === 'string' && /^\d{1,15}$/.test(q.deposit) ? q.deposit : null;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!id || !cashier.payLinkValid(id, q.sig)) {
      return reply.code(404).send(page('Demo Pay', '<p>This payment link is not valid.</p>'));
    }
    const d = await cashier.depositOf(id).catch(() => null);
    if (!d || d.channel !== 'INSTANT') {
      return reply.code(404).send(page('Demo Pay', '<p>This payment link is not valid.</p>'));
    }
    if (d.status !== 'pending') {
      const back = returnUrl(id, d.status === 'succeeded' ? 'paid' : 'cancelled');
      return reply.send(
        page(
          'Demo Pay',
          `<p>This payment is already ${escape(d.status)}.</p><p><a href="${escape(back)}">Back to the site</a></p>`,
        ),
      );
    }
    const hidden = `<input type="hidden" name="deposit" value="${escape(id)}"><input type="hidden" name="sig" value="${escape(String(q.sig))}">`;
    return reply.send(
      page(
        'Demo Pay',
        `<p>Demo payment gateway (no real money). Deposit #${escape(id)}</p>
<p>Amount: <strong>${escape(formatMinor(d.amount))}</strong></p>
<form method="post" action="/wps/payment/demo/pay">${hidden}<input type="hidden" name="action" value="pay"><button type="submit">Pay</button></form>
<form method="post" action="/wps/payment/demo/pay">${hidden}<input type="hidden" name="action" value="cancel"><button type="submit">Cancel</button></form>`,
      ),
    );
  });

  app.post('/wps/payment/demo/pay', async (req, reply) => {
    const b = (req.body ?? {}) as { deposit?: unknown; sig?: unknown; action?: unknown };
    const id = typeof b.deposit === 'string' && /^\d{1,15}$/.test(b.deposit) ? b.deposit : null;
    if (!id || !cashier.payLinkValid(id, b.sig) || (b.action !== 'pay' && b.action !== 'cancel'))
      throw new AppError('BAD_REQUEST');
    const d = await cashier.depositOf(id);
    const status = b.action === 'pay' ? 'paid' : 'cancelled';
    // The gateway's server-to-server notification, signed like a real one (in-process here).
    const raw = JSON.stringify({ depositId: Number(id), amount: d.amount, status, txnId: `demo-${id}` });
    const res = await app.inject({
      method: 'POST',
      url: '/wps/payment/callback/demo',
      headers: { 'content-type': 'application/json', [GATEWAY_SIGNATURE_HEADER]: sign(cashier.secret, raw) },
      payload: raw,
    });
    if (res.statusCode !== 200)
      req.log.warn({ status: res.statusCode, depositId: id }, 'demo gateway callback refused');
    return reply.code(303).header('location', returnUrl(id, status)).send();
  });

  app.post('/wps/payment/callback/demo', async (req) => {
    const raw = typeof req.body === 'string' ? req.body : '';
    const value = await cashier.gatewayCallback(raw, req.headers[GATEWAY_SIGNATURE_HEADER]);
    return { success: true, value };
  });
}
