import { ValidationPipe } from '@nestjs/common';
import { ValidateIf } from 'class-validator';
import { toValidationApiError } from './validation-errors';

export { declaredFields, toValidationApiError } from './validation-errors';

/** The global pipe: whitelist + forbidNonWhitelisted, no implicit conversion, our error shape. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: true, value: true },
    stopAtFirstError: false,
    exceptionFactory: toValidationApiError,
  });
}

/**
 * For an optional member of an update that has no meaning for `null`: absent skips its checks,
 * while `null` runs them and fails its type check (400 VALIDATION_ERROR on the field), where
 * class-validator's @IsOptional() would let `null` through to the service.
 */
export const IsOptionalNotNull = () => ValidateIf((_object, value) => value !== undefined);
