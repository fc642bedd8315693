import { z } from 'zod/mini';
import { defineEndpoint, MODULE_IDS } from '../endpoint.ts';
import { languageCodeSchema } from '../languages.ts';
import { fieldConfigSchema, REGISTER_FIELDS } from '../patterns.ts';
import { whitelabelNodeSchema } from '../whitelabel.ts';

const none = z.strictObject({});

/** Spec §3: resources with resourceType, url, qrCodeUrl (app download links, etc.). */
export const resourceSchema = z.object({
  resourceType: z.string(),
  url: z.string(),
  qrCodeUrl: z.nullable(z.string()),
});
export type Resource = z.infer<typeof resourceSchema>;

/**
 * Spec §3: customer-service entries have a title. `kind` tells the side bar how to open it
 * (live chat window or telegram link); the VIP variant picks the second entry (spec §2).
 */
export const customerServiceSchema = z.object({
  title: z.string(),
  kind: z.enum(['livechat', 'telegram']),
  url: z.string(),
});
export type CustomerService = z.infer<typeof customerServiceSchema>;

export const merchantSchema = z.object({
  merchantCode: z.string(),
  brand: z.string(),
  currency: z.string(),
  /** Minor units per major unit (e.g. 100). */
  currencyScale: z.int().check(z.positive()),
  copyright: z.string(),
  /** The operator's licence line (issue 10: the footer shows it beside the 18+ mark); empty: none. */
  licence: z.string(),
});
export type Merchant = z.infer<typeof merchantSchema>;

export const registerSettingSchema = z.record(z.enum(REGISTER_FIELDS), fieldConfigSchema);
export type RegisterSetting = z.infer<typeof registerSettingSchema>;

export const whitelabel = defineEndpoint({
  id: 'whitelabel',
  method: 'GET',
  path: '/wps/system/whitelabel',
  moduleId: MODULE_IDS.system,
  auth: 'guest',
  summary: 'Whitelabel feature tree of the merchant (nodes with modId, enabled, childrenNodes)',
  tags: ['system'],
  request: none,
  response: z.array(whitelabelNodeSchema),
});

export const registerSetting = defineEndpoint({
  id: 'registerSetting',
  method: 'GET',
  path: '/wps/system/setting/register',
  moduleId: MODULE_IDS.system,
  auth: 'guest',
  summary: 'Registration validation config per field',
  tags: ['system'],
  request: none,
  response: registerSettingSchema,
});

export const statusInfoSchema = z.object({
  merchant: merchantSchema,
  whitelabel: z.array(whitelabelNodeSchema),
  register: registerSettingSchema,
  resources: z.record(z.string(), resourceSchema),
  customerService: z.array(customerServiceSchema),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
});
export type StatusInfo = z.infer<typeof statusInfoSchema>;

export const status = defineEndpoint({
  id: 'status',
  method: 'GET',
  path: '/wps/system/status',
  moduleId: MODULE_IDS.system,
  auth: 'guest',
  summary: 'Status info: merchant, whitelabel, register config, resources, customer service, CDNs',
  tags: ['system'],
  request: none,
  response: statusInfoSchema,
});

export const domainRouteSchema = z.object({
  customerService: z.array(customerServiceSchema),
  domainList: z.array(z.string()),
  resources: z.array(resourceSchema),
});
export type DomainRoute = z.infer<typeof domainRouteSchema>;

export const domainRoute = defineEndpoint({
  id: 'domainRoute',
  method: 'GET',
  path: '/wps/system/domainRoute',
  moduleId: MODULE_IDS.system,
  auth: 'guest',
  summary: 'Customer-service entries, domain list and resources',
  tags: ['system'],
  request: none,
  response: domainRouteSchema,
});

export const helpArticleSchema = z.object({
  id: z.int(),
  title: z.string(),
  /** HTML; the client sanitises it with DOMPurify before rendering. */
  content: z.string(),
});
export const helpCategorySchema = z.object({
  id: z.int(),
  title: z.string(),
  articles: z.array(helpArticleSchema),
});
export type HelpCategory = z.infer<typeof helpCategorySchema>;

export const helpCenter = defineEndpoint({
  id: 'helpCenter',
  method: 'GET',
  path: '/wps/system/helpCenter',
  moduleId: MODULE_IDS.system,
  auth: 'guest',
  summary: 'Help-centre categories and articles in the requested language (falls back to EN)',
  tags: ['system'],
  request: z.strictObject({ language: z.optional(languageCodeSchema) }),
  response: z.array(helpCategorySchema),
});

export const permissionSchema = z.object({
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  ipBlocked: z.boolean(),
  /** Country code the server resolved for the caller, when known. */
  country: z.nullable(z.string()),
  /** The operator's maintenance note (`ops maintenance on "<message>"`), when one was given. */
  maintenanceMessage: z.optional(z.nullable(z.string())),
});
export type Permission = z.infer<typeof permissionSchema>;

export const permission = defineEndpoint({
  id: 'permission',
  method: 'GET',
  path: '/wps/system/permission',
  moduleId: MODULE_IDS.system,
  auth: 'guest',
  summary: 'Maintenance and region-restriction flags for the caller (spec §2 guards)',
  tags: ['system'],
  request: none,
  response: permissionSchema,
});

export const countrySchema = z.object({
  countryCode: z.string().check(z.regex(/^[A-Z]{2}$/)),
  countryDialingCode: z.string().check(z.regex(/^\+\d{1,4}$/)),
  name: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const countries = defineEndpoint({
  id: 'countries',
  method: 'GET',
  path: '/wps/system/countries',
  moduleId: MODULE_IDS.system,
  auth: 'guest',
  summary: 'Country code list with dialing codes',
  tags: ['system'],
  request: none,
  response: z.array(countrySchema),
});

export const captcha = defineEndpoint({
  id: 'captcha',
  method: 'GET',
  path: '/wps/captcha',
  moduleId: MODULE_IDS.captcha,
  auth: 'guest',
  summary:
    'A new captcha: value is the image as a base64 data URI. The answer is bound to the caller by an HttpOnly cookie.',
  tags: ['system'],
  request: none,
  response: z.string(),
});

export const updateLanguage = defineEndpoint({
  id: 'updateLanguage',
  method: 'PUT',
  path: '/wps/member/language',
  moduleId: MODULE_IDS.member,
  auth: 'guest',
  summary: "Language update: stores the member's language when signed in; guests get it echoed",
  tags: ['system'],
  request: z.strictObject({ language: languageCodeSchema }),
  response: z.object({ language: languageCodeSchema, stored: z.boolean() }),
});

export const health = defineEndpoint({
  id: 'health',
  method: 'GET',
  path: '/health',
  moduleId: MODULE_IDS.system,
  auth: 'guest',
  summary: 'Liveness and database readiness',
  tags: ['system'],
  request: none,
  response: z.object({ status: z.enum(['ok']), database: z.enum(['up']), uptimeSeconds: z.number() }),
});
