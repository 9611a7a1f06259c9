import { validationError } from '@app/common';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/internal';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import { declaresParam } from './route-params';

/**
 * Honour or reject every query parameter: a route with a `@Query()` DTO has the validation pipe refuse
 * what the DTO lacks; a route without one (GET /v2/workspace, GET /v2/webhooks/{id}, …) would silently
 * ignore them, so here any parameter it is sent answers 400 `unknown_field` with no `allowed_fields`.
 */
@Injectable()
export class DeclaredQueryInterceptor implements NestInterceptor {
  private readonly takesQuery = new WeakMap<object, boolean>();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const names = Object.keys(context.switchToHttp().getRequest<Request>().query ?? {});
    if (names.length > 0 && !declaresParam(this.takesQuery, context, RouteParamtypes.QUERY)) {
      throw validationError(
        names[0],
        'unknown_field',
        `unknown field "${names[0]}": this operation takes no query parameters`,
        { allowed_fields: [] },
      );
    }
    return next.handle();
  }
}
