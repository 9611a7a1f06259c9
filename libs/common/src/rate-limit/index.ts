export * from './fixed-window';
export * from './rate-limit-scope';
export * from './rate-limiter';
