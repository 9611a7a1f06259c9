import { AuthContext, IS_PUBLIC, unauthorizedError } from '@app/common';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiKeyService } from './api-key.service';

/** Every route needs a live `x-api-key` unless marked @Public(); puts the AuthContext on the request. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | string[] | undefined>; auth?: AuthContext }>();
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 200) throw unauthorizedError();
    const auth = await this.apiKeys.authenticate(key);
    if (!auth) throw unauthorizedError('the API key is unknown or no longer active');
    request.auth = auth;
    return true;
  }
}
