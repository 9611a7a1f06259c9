import { Module } from '@nestjs/common';
import { CompaniesController } from './companies.controller';
import { CompanyRecordsService } from './company-records.service';

@Module({ controllers: [CompaniesController], providers: [CompanyRecordsService], exports: [CompanyRecordsService] })
export class CompaniesModule {}
