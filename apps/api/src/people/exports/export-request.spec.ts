import { parseExportRequest, scopeToSaved } from './export-request';
import { toGenericExportJob, toPeopleExport } from './people-export.presenter';

const ID = '5e0000000000000000000001';
const payloadOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { payload: Record<string, unknown> }).payload;
  }
  throw new Error('expected a validation error');
};

describe('parseExportRequest', () => {
  it('de-duplicates ids keeping the first place', () => {
    expect(parseExportRequest({ ids: [ID, 'a'.repeat(24), ID] })).toEqual({ kind: 'ids', ids: [ID, 'a'.repeat(24)] });
  });

  it('defaults limit to 25,000 and scopes filters to saved people', () => {
    expect(parseExportRequest({ filters: { person_seniority: { include: ['VP'] } } })).toEqual({
      kind: 'filters',
      filters: { person_seniority: { include: ['VP'] }, lists: { saved: 'any' } },
      excludeIds: [],
      limit: 25_000,
    });
  });

  it('refuses conflicting, out-of-range and malformed fields', () => {
    expect(payloadOf(() => parseExportRequest({}))).toMatchObject({ field: 'ids', code: 'conflicting_fields' });
    expect(payloadOf(() => parseExportRequest({ ids: [ID], limit: 1 }))).toMatchObject({
      field: 'limit',
      code: 'conflicting_fields',
    });
    expect(payloadOf(() => parseExportRequest({ ids: [ID, 'A'.repeat(24)] }))).toMatchObject({
      field: 'ids[1]',
      code: 'invalid_format',
    });
    expect(payloadOf(() => parseExportRequest({ filters: {}, limit: 0 }))).toMatchObject({
      field: 'limit',
      code: 'out_of_range',
    });
  });
});

describe('scopeToSaved', () => {
  it('keeps a saved scope the filters set, adds any to a lists object without one, refuses none', () => {
    expect(scopeToSaved({ lists: { saved: 'without_list' } })).toEqual({ lists: { saved: 'without_list' } });
    expect(scopeToSaved({ lists: { include: ['lst_1'] } })).toEqual({ lists: { include: ['lst_1'], saved: 'any' } });
    expect(payloadOf(() => scopeToSaved({ lists: { saved: 'none' } }))).toMatchObject({
      field: 'filters.lists.saved',
      code: 'invalid_value',
    });
  });
});

describe('toPeopleExport', () => {
  it('is the generic job with the export members; download_url only once completed and until the file expired', () => {
    const row = {
      id: 'x',
      status: 'running' as const,
      total: 2,
      skipped: 0,
      processed: 1,
      failureReason: null,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      startedAt: null,
      completedAt: null,
      expiredAt: null,
    };
    expect(toPeopleExport({ ...row, skipped: 1 })).toMatchObject({
      type: 'people_export',
      skipped: 1,
      progress: { processed: 1, total: 2, percent: 50 },
      download_url: null,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect(toPeopleExport({ ...row, status: 'completed' })).toMatchObject({
      download_url: '/v2/people/exports/x/download',
      expired_at: null,
    });
    const expired = toPeopleExport({ ...row, status: 'completed', expiredAt: new Date('2026-01-08T00:00:00Z') });
    expect(expired).toMatchObject({
      status: 'completed',
      total: 2,
      download_url: null,
      expired_at: '2026-01-08T00:00:00.000Z',
    });
    expect(toPeopleExport(row)).toMatchObject(toGenericExportJob(row));
  });
});
