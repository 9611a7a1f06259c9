/** PostgreSQL WAL positions (`16/B374D848`) as numbers, and a fixed-width form that sorts as they do. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  if (!match) throw new Error(`not a WAL position: ${JSON.stringify(text)}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** 16 hexadecimal digits: compared as strings (Redis' Lua keeps the greatest), they order as the positions do. */
export function sortableLsn(lsn: bigint): string {
  return lsn.toString(16).padStart(16, '0');
}

export function fromSortableLsn(text: string): bigint {
  return BigInt(`0x${text}`);
}
