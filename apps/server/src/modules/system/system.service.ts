import {
  DEFAULT_LANGUAGE,
  REGISTER_FIELDS,
  type DomainRoute,
  type HelpCategory,
  type LanguageCode,
  type RegisterSetting,
  type StatusInfo,
  type WhitelabelNode,
} from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './system.repository.ts';

export interface SystemServiceDeps {
  db: Db;
}

export type SystemService = ReturnType<typeof createSystemService>;

export function createSystemService({ db }: SystemServiceDeps) {
  const startedAt = Date.now();

  /** The merchant this installation serves; the seed guarantees one exists. */
  async function merchant(): Promise<repo.MerchantRow> {
    const m = await repo.findMerchant(db);
    if (!m) throw new AppError('SERVICE_UNAVAILABLE');
    return m;
  }

  async function whitelabel(merchantId?: number): Promise<WhitelabelNode[]> {
    const id = merchantId ?? (await merchant()).id;
    return repo.buildTree(await repo.listWhitelabelRows(db, id));
  }

  async function registerSetting(merchantId?: number): Promise<RegisterSetting> {
    const id = merchantId ?? (await merchant()).id;
    const rows = await repo.listRegisterFields(db, id);
    const out: Partial<RegisterSetting> = {};
    for (const { field, ...config } of rows) {
      if ((REGISTER_FIELDS as readonly string[]).includes(field)) out[field] = config;
    }
    return out as RegisterSetting;
  }

  return {
    merchant,
    whitelabel,
    registerSetting,

    async status(): Promise<StatusInfo> {
      const m = await merchant();
      const [tree, register, resources, customerService, imageCDNs, launchGameCDNs] = await Promise.all([
        whitelabel(m.id),
        registerSetting(m.id),
        repo.listResources(db, m.id),
        repo.listCustomerServices(db, m.id),
        repo.listCdns(db, m.id, 'image'),
        repo.listCdns(db, m.id, 'launchGame'),
      ]);
      const { id: _id, ...merchantInfo } = m;
      return {
        merchant: merchantInfo,
        whitelabel: tree,
        register,
        resources: Object.fromEntries(resources.map(({ key, ...r }) => [key, r])),
        customerService,
        imageCDNs,
        launchGameCDNs,
      };
    },

    async domainRoute(): Promise<DomainRoute> {
      const m = await merchant();
      const [customerService, domainList, resources] = await Promise.all([
        repo.listCustomerServices(db, m.id),
        repo.listDomains(db, m.id),
        repo.listResources(db, m.id),
      ]);
      return { customerService, domainList, resources: resources.map(({ key: _key, ...r }) => r) };
    },

    /** Spec §9: default language MY when none is asked for; texts fall back to EN. */
    async helpCenter(language: LanguageCode | undefined): Promise<HelpCategory[]> {
      const m = await merchant();
      return repo.listHelpCenter(db, m.id, language ?? DEFAULT_LANGUAGE);
    },

    countries: () => repo.listCountries(db),

    async health() {
      let up = false;
      try {
        up = await repo.ping(db);
      } catch {
        up = false;
      }
      if (!up) throw new AppError('SERVICE_UNAVAILABLE');
      return {
        status: 'ok' as const,
        database: 'up' as const,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
    },
  };
}
