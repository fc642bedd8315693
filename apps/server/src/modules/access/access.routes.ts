import type { Endpoints } from '@app/contracts';
import type { HandlerMap } from '../../lib/route.ts';
import type { AccessService } from './access.service.ts';

export function accessHandlers(access: AccessService): Pick<HandlerMap<Endpoints>, 'permission'> {
  return {
    permission: async ({ req }) => {
      const { ip: _ip, ...permission } = await access.evaluate(req, true);
      return permission;
    },
  };
}
