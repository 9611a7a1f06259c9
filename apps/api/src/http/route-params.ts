import { ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA, RouteParamtypes } from '@nestjs/common/internal';

/**
 * Whether the handler of `context` declares a parameter of `type` (`@Body()`, `@Query()`), read from Nest's
 * route metadata once per handler and kept in `cache` (the interceptors run this on every request).
 */
export function declaresParam(
  cache: WeakMap<object, boolean>,
  context: ExecutionContext,
  type: RouteParamtypes,
): boolean {
  const handler = context.getHandler();
  let known = cache.get(handler);
  if (known === undefined) {
    const args: Record<string, unknown> =
      Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ?? {};
    known = Object.keys(args).some((key) => key.split(':')[0] === String(type));
    cache.set(handler, known);
  }
  return known;
}
