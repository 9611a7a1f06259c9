import { allowedMethods, literalPrefix, methodDecision, RouteEntry, servesMethod } from './allowed-methods';

const route = (pattern: RegExp, ...methods: string[]): RouteEntry => ({
  matches: (path) => pattern.test(path),
  methods,
});

describe('allowed methods of a path', () => {
  const routes = [
    route(/^\/v2\/lists$/, 'GET'),
    route(/^\/v2\/lists$/, 'POST'),
    route(/^\/v2\/lists\/[^/]+$/, 'DELETE'),
    route(/^\/v2\/people\/search$/, 'POST'),
  ];

  it('gathers every route of the path, adds HEAD beside GET and OPTIONS, in a stable order', () => {
    expect(allowedMethods(routes, '/v2/lists')).toEqual(['GET', 'HEAD', 'POST', 'OPTIONS']);
    expect(allowedMethods(routes, '/v2/lists/lst_1')).toEqual(['DELETE', 'OPTIONS']);
    expect(allowedMethods(routes, '/v2/people/search')).toEqual(['POST', 'OPTIONS']);
  });

  it('answers nothing for an unknown path, so it stays a 404', () => {
    expect(allowedMethods(routes, '/v2/nope')).toEqual([]);
    expect(methodDecision([], 'PUT')).toBe('route');
  });

  it('servesMethod agrees with the Allow list for every method the routes serve, HEAD where GET is', () => {
    for (const path of ['/v2/lists', '/v2/lists/lst_1', '/v2/people/search', '/v2/nope']) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const allowed = allowedMethods(routes, path);
        expect(servesMethod(routes, path, method)).toBe(
          allowed.length > 0 && methodDecision(allowed, method) === 'route',
        );
      }
    }
  });

  it('OPTIONS answers the Allow list; a method the path lacks is 405; one it has is routed', () => {
    const allowed = allowedMethods(routes, '/v2/lists');
    expect(methodDecision(allowed, 'OPTIONS')).toBe('options');
    expect(methodDecision(allowed, 'PUT')).toBe('not_allowed');
    expect(methodDecision(allowed, 'DELETE')).toBe('not_allowed');
    expect(methodDecision(allowed, 'HEAD')).toBe('route');
    expect(methodDecision(allowed, 'POST')).toBe('route');
  });
});

describe('literalPrefix', () => {
  it('keeps the route path up to its first parameter, wildcard, optional group or escape', () => {
    expect(literalPrefix('/v2/lists')).toBe('/v2/lists');
    expect(literalPrefix('/v2/lists/:id/items')).toBe('/v2/lists/');
    expect(literalPrefix('/docs{/*splat}')).toBe('/docs');
    expect(literalPrefix('/*path')).toBe('/');
    expect(literalPrefix('/a\\:b')).toBe('/a');
  });

  it('lets allowedMethods skip the routes whose prefix the path lacks, and match the rest', () => {
    let tested = 0;
    const counted = (pattern: RegExp, prefix: string, ...methods: string[]): RouteEntry => ({
      matches: (path) => (tested++, pattern.test(path)),
      methods,
      prefix,
    });
    const routes = [
      counted(/^\/v2\/lists$/, '/v2/lists', 'GET'),
      counted(/^\/v2\/lists\/[^/]+$/, '/v2/lists/', 'DELETE'),
      counted(/^\/v2\/companies\/[^/]+$/, '/v2/companies/', 'GET'),
    ];
    expect(allowedMethods(routes, '/v2/companies/5c0000000000000000000001')).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(tested).toBe(1);
    expect(allowedMethods(routes, '/v2/lists/lst_1')).toEqual(['DELETE', 'OPTIONS']);
  });
});
