export * from './domain-resolver';
export * from './email-address';
export * from './verify-addresses';
export * from './verification-queue';
