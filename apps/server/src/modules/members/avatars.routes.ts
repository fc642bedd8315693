import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR_COUNT } from './account.service.ts';

const COLORS = ['#e5a823', '#d9534f', '#5bc0de', '#5cb85c', '#8e6fd8', '#f0ad4e', '#20a39e', '#e8608a'];

function avatarSvg(n: number): string {
  const color = COLORS[(n - 1) % COLORS.length] ?? '#888';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<circle cx="32" cy="32" r="32" fill="${color}"/>
<circle cx="32" cy="25" r="11" fill="#fff" fill-opacity="0.9"/>
<path d="M12 54c3-11 11-16 20-16s17 5 20 16" fill="#fff" fill-opacity="0.9"/>
</svg>
`;
}

/** The STATIC default avatars named by memberIcon / MCSFE_getPlayerAvatar. */
export async function avatarRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/static/avatars/:file',
      { schema: { hide: true, params: z.object({ file: z.string().regex(/^\d{1,2}\.svg$/) }) } },
      async (req, reply) => {
        const n = Number.parseInt(req.params.file, 10);
        if (n < 1 || n > AVATAR_COUNT)
          return reply.code(404).send({ success: false, code: 'NOT_FOUND', message: 'errors.not_found' });
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400')
          .send(avatarSvg(n));
      },
    );
}
