import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { received, validationError } from './api-error';

const PRIMITIVES = new Set<unknown>([String, Boolean, Number, Array, Object]);

/** Rejects a JSON body that is not an object (an array, a string, null) before DTO validation sees it. */
@Injectable()
export class BodyShapePipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body' || !metadata.metatype || PRIMITIVES.has(metadata.metatype)) return value;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw validationError('body', 'invalid_value', 'the request body must be a JSON object', received(value));
    }
    return value;
  }
}
