import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { toValidationApiError, withSentValue } from './validation-errors';

export { declaredFields, sentValueAt, toValidationApiError, withSentValue } from './validation-errors';

/** Reports `received_value`/`received_type` from what the caller sent, not from the converted value. */
class SentValueValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      throw withSentValue(error, value);
    }
  }
}

/** The global pipe: whitelist + forbidNonWhitelisted, no implicit conversion, our error shape. */
export function createValidationPipe(): ValidationPipe {
  return new SentValueValidationPipe({
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

