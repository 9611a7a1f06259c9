import { Module } from '@nestjs/common';
import { SuggestController } from './suggest.controller';
import { SuggestService } from './suggest.service';

/** Filter value suggestions for search forms (docs/people-search.md "Suggestions"). */
@Module({ controllers: [SuggestController], providers: [SuggestService] })
export class SuggestModule {}
