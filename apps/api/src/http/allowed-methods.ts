// Plain functions (no Nest or Express imports) so unit specs can check the 405/OPTIONS rules directly.

/** One registered route: whether it matches a path, and the methods it serves (upper case). */
export interface RouteEntry {
  matches(path: string): boolean;
  methods: string[];
  /** The literal start every path it matches begins with (routing is case-sensitive): a cheap test before `matches`. */
  prefix?: string;
}

/** The literal start of an Express route path (`/v2/lists/:id` → `/v2/lists/`): up to its first parameter, wildcard or group. */
export function literalPrefix(routePath: string): string {
  const end = routePath.search(/[:*{(\\]/);
  return end === -1 ? routePath : routePath.slice(0, end);
}

/** Every method the routes serve on this path, in a stable order; HEAD wherever GET is, OPTIONS always. Empty when no route matches. */
export function allowedMethods(routes: RouteEntry[], path: string): string[] {
  const served = new Set<string>();
  for (const route of routes) {
    if (route.prefix !== undefined && !path.startsWith(route.prefix)) continue;
    if (route.matches(path)) route.methods.forEach((m) => served.add(m));
  }
  if (served.size === 0) return [];
  if (served.has('GET')) served.add('HEAD');
  served.add('OPTIONS');
  return [...served].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b) || a.localeCompare(b));
}

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Whether a route serves `method` (HEAD: GET) on this path: the common case, answered without building the Allow list. */
export function servesMethod(routes: RouteEntry[], path: string, method: string): boolean {
  const wanted = method === 'HEAD' ? 'GET' : method;
  for (const route of routes) {
    if (route.prefix !== undefined && !path.startsWith(route.prefix)) continue;
    if ((route.methods.includes(wanted) || route.methods.includes(method)) && route.matches(path)) return true;
  }
  return false;
}

/** What a request answers before routing: `options` (204 with Allow), `not_allowed` (405 with Allow) or `route` (go on). */
export function methodDecision(allowed: string[], method: string): 'options' | 'not_allowed' | 'route' {
  if (allowed.length === 0) return 'route';
  if (method === 'OPTIONS') return 'options';
  return allowed.includes(method) ? 'route' : 'not_allowed';
}
