import { afterEach, describe, expect, it } from 'vitest';
import { SSR_STATE_ID, takeSsrState } from './ssr-state';

afterEach(() => {
  document.body.innerHTML = '';
});

function block(text: string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = SSR_STATE_ID;
  el.textContent = text;
  document.body.append(el);
}

const STATE = {
  language: 'MY',
  theme: 'light',
  parts: ['games'],
  queries: { mutations: [], queries: [] },
  router: { loaderData: {}, actionData: null, errors: null },
};

describe('takeSsrState', () => {
  it("reads the server render's state once and removes its block", () => {
    block(JSON.stringify(STATE));
    expect(takeSsrState()).toEqual(STATE);
    expect(document.getElementById(SSR_STATE_ID)).toBeNull();
    expect(takeSsrState()).toBeNull();
  });

  it('is null without a block, with broken JSON, or without what hydration needs', () => {
    expect(takeSsrState()).toBeNull();
    block('{not json');
    expect(takeSsrState()).toBeNull();
    block(JSON.stringify({ ...STATE, language: 'XX' }));
    expect(takeSsrState()).toBeNull();
    block(JSON.stringify({ ...STATE, queries: undefined }));
    expect(takeSsrState()).toBeNull();
  });
});
