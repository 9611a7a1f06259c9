import { Module } from '@nestjs/common';
import { ListsController } from './lists.controller';
import { ListsService } from './lists.service';

/** Typed lists of a workspace; `live-lists.ts` is the check every save and removal reuses. */
@Module({ controllers: [ListsController], providers: [ListsService], exports: [ListsService] })
export class ListsModule {}
