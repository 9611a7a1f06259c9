// Plain module (no ulid, no Nest) so validation code that unit specs load can share these checks.

export const HEX24 = /^[0-9a-f]{24}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a person or company id: 24 lowercase hexadecimal characters. */
export const isHex24 = (value: unknown): value is string => typeof value === 'string' && HEX24.test(value);

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** Opaque ids are short printable strings; anything else cannot name a record of ours. */
export const isOpaqueId = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);

/** The longest URL browsers and proxies commonly accept: the cap on URL-shaped input (receiver URLs, lookup values, ids). */
export const MAX_URL_LENGTH = 2048;
