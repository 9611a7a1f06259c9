import { allowedMethods, methodDecision, RouteEntry } from './allowed-methods';

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

  it('OPTIONS answers the Allow list; a method the path lacks is 405; one it has is routed', () => {
    const allowed = allowedMethods(routes, '/v2/lists');
    expect(methodDecision(allowed, 'OPTIONS')).toBe('options');
    expect(methodDecision(allowed, 'PUT')).toBe('not_allowed');
    expect(methodDecision(allowed, 'DELETE')).toBe('not_allowed');
    expect(methodDecision(allowed, 'HEAD')).toBe('route');
    expect(methodDecision(allowed, 'POST')).toBe('route');
  });
});
