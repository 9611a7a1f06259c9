import { ValidationPipe } from '@nestjs/common';
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

