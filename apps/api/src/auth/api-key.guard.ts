import { AuthContext, IS_PUBLIC, unauthorizedError } from '@app/common';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiKeyService } from './api-key.service';

/** Every route needs a live `x-api-key` unless marked @Public(); puts the AuthContext on the request. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  /** @Public() per handler, read from its metadata once (this runs on every request). */
  private readonly publicHandlers = new WeakMap<object, boolean>();

  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyService,
  ) {}

  /** Synchronous when the key's answer is cached (most requests): no promise of its own. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (this.isPublic(context)) return true;
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | string[] | undefined>; auth?: AuthContext }>();
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 200) throw unauthorizedError();
    const auth = this.apiKeys.authenticate(key);
    return auth instanceof Promise ? auth.then((found) => admit(request, found)) : admit(request, auth);
  }

  private isPublic(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let known = this.publicHandlers.get(handler);
    if (known === undefined) {
      known = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, context.getClass()]) === true;
      this.publicHandlers.set(handler, known);
    }
    return known;
  }
}

function admit(request: { auth?: AuthContext }, auth: AuthContext | null): true {
  if (!auth) throw unauthorizedError('the API key is unknown or no longer active');
  request.auth = auth;
  return true;
}
