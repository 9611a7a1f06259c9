import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import {
  copyJson,
  DtoClass,
  toValidationApiError,
  undeclaredKeyError,
  withSentMembers,
  withSentValue,
} from './validation-errors';

export { declaredFields, sentValueAt, toValidationApiError, withSentValue } from './validation-errors';

const isDto = (metadata: ArgumentMetadata): metadata is ArgumentMetadata & { metatype: DtoClass } =>
  (metadata.type === 'body' || metadata.type === 'query') &&
  typeof metadata.metatype === 'function' &&
  ![String, Boolean, Number, Array, Object].includes(metadata.metatype as never);

/**
 * Reports `received_value`/`received_type` from what the caller sent, not from the converted value, and judges
 * the keys on what was sent. Nest (which deletes `__proto__`, `constructor` and `prototype` keys at every depth)
 * and class-transformer (which leaves out keys named after Object.prototype members, and fails on a
 * `constructor` member) work on a copy of the body; the handler gets its nested members as sent, so the
 * readers of `filters` and of `data` items answer such a key like any other unknown one.
 */
class SentValueValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (isDto(metadata)) {
      const undeclared = undeclaredKeyError(value, metadata.metatype);
      if (undeclared) throw undeclared;
    }
    const isBody = metadata.type === 'body' && isDto(metadata);
    try {
      const transformed = await super.transform(isBody ? copyJson(value) : value, metadata);
      return isBody ? withSentMembers(transformed as object, value) : transformed;
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
