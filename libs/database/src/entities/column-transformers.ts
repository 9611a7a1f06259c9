import type { ValueTransformer } from 'typeorm';

/**
 * bigint columns whose values stay below 2^53 (credits, counts, network ids): node-postgres reads
 * bigint as a string, the code works with numbers.
 */
export const BIGINT_AS_NUMBER: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
