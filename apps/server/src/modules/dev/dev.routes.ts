import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const page = (desk: 'main' | 'vip') => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Live chat (${desk === 'vip' ? 'VIP desk' : 'support desk'})</title></head>
<body>
<h1>Live chat: ${desk === 'vip' ? 'VIP desk' : 'support desk'}</h1>
<p>This is where the operator's live-chat provider plugs in. The customer-service entries of
<code>GET /wps/system/domainRoute</code> point here until an operator configures a real provider
URL (a chat widget page or a Telegram link) in the <code>customer_services</code> table.</p>
<p>No messages are sent from this page.</p>
</body>
</html>
`;

/**
 * The customer-service target of the demo merchant (spec §2 side bar): an honest placeholder
 * page that the seed's live-chat entries open. No inline script or style, so the site CSP holds.
 */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/dev/livechat',
      { schema: { hide: true, querystring: z.object({ desk: z.enum(['main', 'vip']).default('main') }) } },
      (req, reply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page(req.query.desk)),
    );
}
