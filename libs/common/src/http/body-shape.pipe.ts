import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { received, validationError } from './api-error';
import { nulCharacterError } from './nul-character';

const PRIMITIVES = new Set<unknown>([String, Boolean, Number, Array, Object]);
const BODY_OPTIONAL = Symbol('bodyOptional');

/** Marks a body DTO whose members are all optional: a request without any body reads as `{}`. */
export function BodyOptional(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(BODY_OPTIONAL, true, target);
  };
}

/** Rejects a JSON body that is not an object (an array, a string, null) before DTO validation sees it. */
@Injectable()
export class BodyShapePipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body' || !metadata.metatype || PRIMITIVES.has(metadata.metatype)) return value;
    if (value === undefined && Reflect.getMetadata(BODY_OPTIONAL, metadata.metatype)) return {};
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw validationError('body', 'invalid_value', 'the request body must be a JSON object', received(value));
    }
    return value;
  }
}

/** Refuses text holding U+0000 anywhere in the body, query or path (400 `invalid_value` naming the field). */
@Injectable()
export class NulCharacterPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body' && metadata.type !== 'query' && metadata.type !== 'param') return value;
    const error = nulCharacterError(value, metadata.data ?? '');
    if (error) throw error;
    return value;
  }
}
