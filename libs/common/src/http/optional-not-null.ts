// Plain module (class-validator only) so unit specs can load it; Jest cannot load Nest 12.
import { ValidateIf } from 'class-validator';

/**
 * For an optional member of an update that has no meaning for `null`: absent skips its checks,
 * while `null` runs them and fails its type check (400 VALIDATION_ERROR on the field), where
 * class-validator's @IsOptional() would let `null` through to the service.
 */
export const IsOptionalNotNull = () => ValidateIf((_object, value) => value !== undefined);
