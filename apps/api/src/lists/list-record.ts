import type { ListType } from '@app/database';

export const LIST_TYPES: readonly ListType[] = ['people', 'company'];

/** A list as the API answers it. */
export interface ListRecord {
  id: string;
  name: string;
  type: ListType;
  /** Members of the list: people for a people list, companies for a company list. */
  count: number;
  created_at: string;
}

export const LIST_RECORD_EXAMPLE: ListRecord = {
  id: 'lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C',
  name: 'Target accounts Q3',
  type: 'company',
  count: 12,
  created_at: '2026-11-22T00:45:10.123Z',
};
