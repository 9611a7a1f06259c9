import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';

/** Who is calling: set by the API-key guard on every authenticated request. */
export interface AuthContext {
  workspaceId: string;
  memberId: string;
  apiKeyId: string;
}

export const IS_PUBLIC = 'isPublic';

/** Marks a route that needs no API key (health, docs, metrics). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The caller's AuthContext, as the guard put it on the request. */
export const Auth = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthContext => {
  return ctx.switchToHttp().getRequest<{ auth: AuthContext }>().auth;
});
