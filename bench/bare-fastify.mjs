// A bare Fastify process for bench:api's ratio: one JSON route, no plugins, no database. Started by
// bench/api.ts on its own port (PORT) and measured in the same run as the real server's routes.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, value: { ok: true } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
