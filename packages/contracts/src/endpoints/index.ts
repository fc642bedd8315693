import type { Endpoint } from '../endpoint.ts';
import * as system from './system.ts';

export * from './system.ts';

/** The one endpoint table: the server registers routes from it, the OpenAPI document is built from it. */
export const endpoints = {
  whitelabel: system.whitelabel,
  registerSetting: system.registerSetting,
  status: system.status,
  domainRoute: system.domainRoute,
  helpCenter: system.helpCenter,
  permission: system.permission,
  countries: system.countries,
  captcha: system.captcha,
  updateLanguage: system.updateLanguage,
  health: system.health,
} satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export const endpointList: readonly Endpoint[] = Object.values(endpoints);
