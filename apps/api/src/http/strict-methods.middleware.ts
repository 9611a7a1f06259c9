import { methodNotAllowedError } from '@app/common';
import type { Application, NextFunction, Request, Response } from 'express';
import { allowedMethods, methodDecision, RouteEntry } from './allowed-methods';

/** What this file reads of Express's router: a route layer knows its path matcher and methods. */
interface RouterLayer {
  route?: { methods: Record<string, boolean> };
  match(path: string): boolean;
}

/** Every route Express serves (Nest's controllers and the Swagger pages), as registered: no hand-kept list. */
function registeredRoutes(app: Application): RouteEntry[] {
  const stack = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  return stack
    .filter((layer) => layer.route)
    .map((layer) => ({
      matches: (path: string) => layer.match(path),
      methods: Object.keys(layer.route!.methods).filter((m) => m !== '_all').map((m) => m.toUpperCase()),
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
