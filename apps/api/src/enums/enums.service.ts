import { notFoundError } from '@app/common';
import { ENUMERATIONS, EnumItem } from '@app/domain';
import { Injectable } from '@nestjs/common';

@Injectable()
export class EnumsService {
  /** The values of one enumeration; an unknown name answers 404 NOT_FOUND. */
  values(name: string): readonly EnumItem[] {
    const values = Object.hasOwn(ENUMERATIONS, name) ? ENUMERATIONS[name] : undefined;
    if (!values) throw notFoundError(`enumeration ${JSON.stringify(name.slice(0, 64))}`);
    return values;
  }
}
