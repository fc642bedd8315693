import { LANGUAGE_CODES, type contentEndpoints, type LanguageCode } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DomainModule, ModuleDeps, RouteConfig } from '../../lib/module.ts';
import { sendSvg } from '../../lib/svg-image.ts';
import { requireMember } from '../session/session.plugin.ts';
import { coverOf } from './content.repository.ts';
import { createContentService, type Caller } from './content.service.ts';

/** The caller of a guest-or-member call: its session, address and the language it reads. */
function caller(req: FastifyRequest): Caller {
  const lang = req.headers['x-language'];
  const language: LanguageCode =
    typeof lang === 'string' && (LANGUAGE_CODES as readonly string[]).includes(lang)
      ? (lang as LanguageCode)
      : 'MY';
  return { member: req.member, ip: req.ip, language };
}

/** A refused body names its field's problem (the client's `content` texts), the first in this order. */
function fieldMessage(order: [field: string, message: string][]) {
  return (fields: Record<string, string>) => order.find(([f]) => f in fields)?.[1];
}
const FEEDBACK_FIELDS = fieldMessage([
  ['questionType', 'content.errors.type'],
  ['content', 'content.errors.length'],
  ['contact', 'content.errors.contact'],
]);
const JOIN_FIELDS = fieldMessage([
  ['name', 'content.errors.join_name'],
  ['contact', 'content.errors.join_contact'],
  ['message', 'content.errors.too_long'],
]);

/** The generated blog cover: a gradient of the post's hue and a motif, 1200×630, no text. */
const MOTIFS: Record<string, string> = {
  waves:
    '<path d="M0 430 Q150 360 300 430 T600 430 T900 430 T1200 430 V630 H0Z" opacity=".35"/><path d="M0 500 Q150 440 300 500 T600 500 T900 500 T1200 500 V630 H0Z" opacity=".5"/>',
  dice: '<rect x="760" y="150" width="260" height="260" rx="40" opacity=".85"/><g fill="#0003"><circle cx="830" cy="220" r="26"/><circle cx="890" cy="280" r="26"/><circle cx="950" cy="340" r="26"/></g>',
  cards:
    '<rect x="700" y="140" width="220" height="320" rx="24" opacity=".55" transform="rotate(-12 810 300)"/><rect x="800" y="150" width="220" height="320" rx="24" opacity=".9" transform="rotate(8 910 310)"/>',
  chart:
    '<g opacity=".85"><rect x="700" y="360" width="70" height="150" rx="8"/><rect x="800" y="290" width="70" height="220" rx="8"/><rect x="900" y="210" width="70" height="300" rx="8"/><rect x="1000" y="140" width="70" height="370" rx="8"/></g>',
  shield:
    '<path d="M900 120 L1060 180 V320 Q1060 450 900 520 Q740 450 740 320 V180Z" opacity=".85"/><path d="M840 320 l45 45 l90 -100" fill="none" stroke="#0004" stroke-width="28" stroke-linecap="round" stroke-linejoin="round"/>',
};

export function coverSvg(hue: number, motif: string): string {
  const h = Math.max(0, Math.min(359, Math.trunc(hue)));
  const shape = MOTIFS[motif] ?? MOTIFS.waves ?? '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 70% 42%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360} 75% 28%)"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/><circle cx="180" cy="140" r="220" fill="#fff" opacity=".07"/><g fill="#fff">${shape}</g></svg>`;
}

/** Content (issue 9): feedback, the blog and join us; the blog covers as generated images. */
export function createContentModule(deps: ModuleDeps): DomainModule<typeof contentEndpoints> {
  const content = createContentService(deps);
  const routeConfigs: Partial<Record<keyof typeof contentEndpoints, RouteConfig>> = {
    feedbackSubmit: { validationMessage: FEEDBACK_FIELDS },
    joinApply: { validationMessage: JOIN_FIELDS },
  };
  return {
    handlers: {
      feedbackSetting: ({ req }) => content.feedbackSetting(req.member),
      feedbackSubmit: ({ req, input }) => content.submitFeedback(caller(req), input),
      feedbackMine: ({ req, input }) => content.myFeedback(requireMember(req), input.page, input.pageSize),
      blogList: ({ input }) => content.blogList(input.language, input.page, input.pageSize),
      blogPost: ({ input }) => content.blogPost(input.slug, input.language),
      joinProgramme: ({ req }) => content.joinProgramme(req.member),
      joinApply: ({ req, input }) => content.joinApply(caller(req), input),
    },
    routeConfigs,
    routes: async (app: FastifyInstance) => {
      app.get<{ Params: { file: string } }>(
        '/img/blog/:file',
        { schema: { hide: true } },
        async (req, reply) => {
          const m = /^([a-z0-9-]{1,80})\.svg$/.exec(req.params.file);
          const cover = m?.[1] ? await coverOf(deps.db, m[1]) : null;
          return sendSvg(req, reply, cover ? coverSvg(cover.hue, cover.motif) : null);
        },
      );
    },
  };
}
