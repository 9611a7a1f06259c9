// Plain functions (no Nest or Express imports) so unit specs can check the 405/OPTIONS rules directly.

/** One registered route: whether it matches a path, and the methods it serves (upper case). */
export interface RouteEntry {
  matches(path: string): boolean;
  methods: string[];
}

/** Every method the routes serve on this path, in a stable order; HEAD wherever GET is, OPTIONS always. Empty when no route matches. */
export function allowedMethods(routes: RouteEntry[], path: string): string[] {
  const served = new Set<string>();
  for (const route of routes) if (route.matches(path)) route.methods.forEach((m) => served.add(m));
  if (served.size === 0) return [];
  if (served.has('GET')) served.add('HEAD');
  served.add('OPTIONS');
  return [...served].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b) || a.localeCompare(b));
}

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** What a request answers before routing: `options` (204 with Allow), `not_allowed` (405 with Allow) or `route` (go on). */
export function methodDecision(allowed: string[], method: string): 'options' | 'not_allowed' | 'route' {
  if (allowed.length === 0) return 'route';
  if (method === 'OPTIONS') return 'options';
  return allowed.includes(method) ? 'route' : 'not_allowed';
}
