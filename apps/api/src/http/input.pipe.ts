import { BodyShapePipe, createValidationPipe, NulCharacterPipe } from '@app/common';
import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';

/**
 * The global pipes, in their order: NulCharacterPipe (no U+0000 in the body, query or path), BodyShapePipe (a body
 * DTO gets an object), the validation pipe. One pipe rather than three: Nest awaits every pipe of every parameter.
 */
@Injectable()
export class InputPipe implements PipeTransform {
  private readonly nul = new NulCharacterPipe();
  private readonly shape = new BodyShapePipe();
  private readonly validation = createValidationPipe();

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    return this.validation.transform(this.shape.transform(this.nul.transform(value, metadata), metadata), metadata);
  }
}
