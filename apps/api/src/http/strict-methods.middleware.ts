import { methodNotAllowedError } from '@app/common';
import type { Application, NextFunction, Request, Response } from 'express';
import { METHODS } from 'node:http';
import { allowedMethods, literalPrefix, methodDecision, RouteEntry, servesMethod } from './allowed-methods';

/** What this file reads of Express's router: a route layer knows its path matcher and methods. */
interface RouterLayer {
  route?: { methods: Record<string, boolean>; path?: unknown };
  match(path: string): unknown;
}

/**
 * Every route Express serves (Nest's controllers and the Swagger pages), as registered: no hand-kept list.
 * A route that takes every method is Nest's way of mounting middleware on all paths (`{/*splat}`), not a resource.
 */
function registeredRoutes(app: Application): RouteEntry[] {
  const stack = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  return stack
    .map((layer) => ({ layer, methods: Object.keys(layer.route?.methods ?? {}).map((m) => m.toUpperCase()) }))
    .filter(({ layer, methods }) => layer.route && !methods.includes('_ALL') && methods.length < METHODS.length)
    .map(({ layer, methods }) => ({
      matches: (path: string) => Boolean(layer.match(path)),
      methods,
      prefix: typeof layer.route?.path === 'string' ? literalPrefix(layer.route.path) : undefined,
    }));
}

/**
 * Before routing: OPTIONS on a known path answers 204 with `Allow`; a method the path does not serve answers 405
 * in the envelope with `Allow`, instead of Express's 404 "Cannot PUT". Unknown paths go on to the 404.
 */
export function strictMethods(app: Application) {
  let routes: RouteEntry[] = [];
  return (req: Request, res: Response, next: NextFunction): void => {
    // Read on the first request: the routes are all registered once the app listens.
    if (routes.length === 0) routes = registeredRoutes(app);
    if (req.method !== 'OPTIONS' && servesMethod(routes, req.path, req.method)) return next();
    const allowed = allowedMethods(routes, req.path);
    const decision = methodDecision(allowed, req.method);
    if (decision === 'options') {
      res.setHeader('Allow', allowed.join(', '));
      res.status(204).end();
    } else if (decision === 'not_allowed') {
      next(methodNotAllowedError(req.method, req.path, allowed));
    } else {
      next();
    }
  };
}
