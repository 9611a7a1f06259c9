import { Module } from '@nestjs/common';
import { CreditsController } from './credits.controller';
import { CreditsService } from './credits.service';

/** The read side of the credit ledger: the balance and its rows (docs/credits.md). */
@Module({ controllers: [CreditsController], providers: [CreditsService] })
export class CreditsModule {}
