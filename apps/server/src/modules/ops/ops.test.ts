import { flags, type WhitelabelNode } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { buildTestApp, TEST_OPS_TOKEN } from '../../test/helper.ts';
import { createOpsService, parseRegionTarget, runOpsCommand, type OpsService } from './ops.service.ts';

let app: FastifyInstance;
/** The CLI's direct-database path: the service on the database, no server in between. */
let direct: OpsService;

beforeAll(async () => {
  app = await buildTestApp();
  direct = createOpsService({ db: app.services.db });
});
afterAll(async () => app.close());

const run = (command: string, ...args: string[]) => runOpsCommand(direct, command, args);

async function refused(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('ops commands (direct database path)', () => {
  it('maintenance on|off with an optional message', async () => {
    expect((await run('maintenance', 'on', 'back', 'soon')).message).toBe('maintenance on: back soon');
    app.services.access.invalidate();
    const perm = (await app.inject({ url: '/wps/system/permission' })).json().value;
    expect(perm).toMatchObject({ maintenance: true, maintenanceMessage: 'back soon' });
    expect((await run('maintenance', 'off')).message).toBe('maintenance off');
    expect((await refused(run('maintenance', 'maybe'))).message).toContain('needs "on" or "off"');
  });

  it('region block|unblock|list for a country, an address and a range', async () => {
    expect((await run('region', 'list')).message).toBe('no region rules');
    expect((await run('region', 'block', 'th')).message).toBe('blocked: country TH');
    expect((await run('region', 'block', 'TH')).message).toBe('already blocked: country TH');
    expect((await run('region', 'block', '2001:DB8::1')).message).toBe('blocked: ip 2001:db8::1');
    expect((await run('region', 'block', '10.1.2.3/8')).message).toBe('blocked: cidr 10.0.0.0/8');
    expect((await run('region', 'list')).message.split('\n')).toHaveLength(3);
    expect((await run('region', 'unblock', '10.9.9.9/8')).message).toBe('unblocked: cidr 10.0.0.0/8');
    await run('region', 'unblock', 'TH');
    await run('region', 'unblock', '2001:db8::1');
    expect((await refused(run('region', 'unblock', 'TH'))).code).toBe('NOT_FOUND');
    expect((await refused(run('region', 'block', 'not-an-address'))).code).toBe('BAD_REQUEST');
    expect((await refused(run('region', 'block'))).code).toBe('BAD_REQUEST');
  });

  it('parses region targets strictly', () => {
    expect(parseRegionTarget('::ffff:1.2.3.4')).toEqual({ kind: 'ip', value: '1.2.3.4' });
    expect(() => parseRegionTarget('1.2.3.4/33')).toThrow(AppError);
    expect(() => parseRegionTarget('USA')).toThrow(AppError);
  });

  it('flag <modId> on|off; an unknown id lists the valid ones', async () => {
    expect((await run('flag', 'socialGoogle', 'on')).message).toBe('flag socialGoogle on');
    const tree = (await app.inject({ url: '/wps/system/whitelabel' })).json().value as WhitelabelNode[];
    expect(flags(tree).socialGoogle).toBe(true);
    await run('flag', 'socialGoogle', 'off');
    const err = await refused(run('flag', 'nope', 'on'));
    expect(err.code).toBe('NOT_FOUND');
    expect(err.message).toContain('unknown flag "nope"; valid ids:');
    expect(err.message).toContain('socialGoogle');
    expect(err.message).toContain('game.LOTT');
    expect((await refused(run('flag', 'socialGoogle'))).code).toBe('BAD_REQUEST');
  });

  it('refuses unknown commands with the usage', async () => {
    expect((await refused(run('reboot'))).message).toContain('usage: npm run ops');
  });
});

describe('POST /ops/<command> (the CLI path while a server holds the data directory)', () => {
  const post = (
    command: string,
    args: string[],
    headers: Record<string, string> = {},
    remoteAddress = '127.0.0.1',
  ) => app.inject({ method: 'POST', url: `/ops/${command}`, payload: { args }, headers, remoteAddress });
  const auth = { authorization: `Bearer ${TEST_OPS_TOKEN}` };

  it('runs a command from loopback with the token, effective at once', async () => {
    const res = await post('maintenance', ['on'], auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { message: 'maintenance on' } });
    expect((await app.inject({ url: '/wps/system/countries' })).statusCode).toBe(503);
    expect((await post('maintenance', ['off'], auth, '::1')).statusCode).toBe(200);
    expect((await app.inject({ url: '/wps/system/countries' })).statusCode).toBe(200);
  });

  it('refuses without the right token', async () => {
    expect((await post('maintenance', ['on'])).statusCode).toBe(401);
    expect((await post('maintenance', ['on'], { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    expect((await post('maintenance', ['on'], { authorization: TEST_OPS_TOKEN })).statusCode).toBe(401);
    expect((await app.inject({ url: '/wps/system/permission' })).json().value.maintenance).toBe(false);
  });

  it('refuses non-loopback peers even with the token and a loopback X-Forwarded-For', async () => {
    const res = await post(
      'maintenance',
      ['on'],
      { ...auth, 'x-forwarded-for': '127.0.0.1' },
      '198.51.100.3',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('answers usage errors and unknown flags as 4xx envelopes with the text', async () => {
    const res = await post('flag', ['nope', 'on'], auth);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('valid ids:');
    expect((await post('reboot', [], auth)).statusCode).toBe(400);
    expect((await post('region', ['block', '1.2.3.4/99'], auth)).statusCode).toBe(400);
  });

  it('has no token-less mode: an app built without a token refuses every call', async () => {
    const bare = await buildTestApp({ db: app.services.db, opsToken: '' });
    expect(
      (await bare.inject({ method: 'POST', url: '/ops/maintenance', payload: { args: ['on'] } })).statusCode,
    ).toBe(401);
    await bare.close();
  });
});

describe('field command', () => {
  it('changes one registration field and the register setting shows it', async () => {
    const r = await runOpsCommand(direct, 'field', [
      'qqNum',
      'enabled=on',
      'required=on',
      'min=5',
      'max=9',
      'pattern=7',
    ]);
    expect(r.message).toBe('field qqNum: shown, required, 5-9, pattern 7 (digits)');
    const res = await app.inject({ url: '/wps/system/setting/register' });
    expect(res.json().value.qqNum).toMatchObject({
      enabled: true,
      required: true,
      minLength: 5,
      maxLength: 9,
      patternId: 7,
    });
    expect((await runOpsCommand(direct, 'field', ['qqNum', 'any=on'])).message).toContain('any characters');
    expect((await runOpsCommand(direct, 'field', ['list'])).message).toContain('qqNum');
  });

  it('refuses an unknown field, pattern or setting, and min above max', async () => {
    for (const args of [
      ['nope', 'required=on'],
      ['qqNum', 'pattern=99'],
      ['qqNum', 'colour=red'],
      ['qqNum', 'min=9', 'max=5'],
      ['qqNum'],
    ]) {
      await expect(runOpsCommand(direct, 'field', args), args.join(' ')).rejects.toThrow();
    }
  });
});
