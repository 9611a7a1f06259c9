import { methodLabel, routeLabel, UNMATCHED_ROUTE } from './http-metrics';

describe('routeLabel', () => {
  it('is the matched route template, under its mount path', () => {
    expect(
      routeLabel({ method: 'GET', baseUrl: '', route: { path: '/v2/companies/:id', methods: { get: true } } }),
    ).toBe('/v2/companies/:id');
    expect(routeLabel({ method: 'GET', baseUrl: '/admin', route: { path: '/x/:y', methods: { get: true } } })).toBe(
      '/admin/x/:y',
    );
  });

  it('collapses requests no route served into one label', () => {
    expect(routeLabel({ method: 'GET' })).toBe(UNMATCHED_ROUTE);
    expect(routeLabel({ method: 'GET', route: { path: /re/, methods: { get: true } } })).toBe(UNMATCHED_ROUTE);
    // Nest's middleware route on every path: a 404/405 ends there.
    expect(routeLabel({ method: 'PUT', route: { path: '{/*path}', methods: { _all: true } } })).toBe(UNMATCHED_ROUTE);
    expect(routeLabel({ method: 'GET', route: { path: '/*path', methods: { get: true } } })).toBe(UNMATCHED_ROUTE);
  });

  it('prefers a fixed label', () => {
    expect(routeLabel({ method: 'GET', route: { path: '/api/queues', methods: { get: true } } }, '/ops/queues')).toBe(
      '/ops/queues',
    );
  });
});

describe('methodLabel', () => {
  it('keeps the HTTP methods and folds anything else', () => {
    expect(methodLabel('GET')).toBe('GET');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
  });
});
