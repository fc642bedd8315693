export * from './envelope.ts';
export * from './endpoint.ts';
export * from './languages.ts';
export * from './whitelabel.ts';
export * from './patterns.ts';
export * from './secure-payload.ts';
export * from './accounts.ts';
export * from './endpoints/index.ts';
