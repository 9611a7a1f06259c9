import { RateLimitModule } from '@app/common';
import { Module } from '@nestjs/common';
import { CompaniesEditService } from './companies-edit.service';
import { CompaniesSaveService } from './companies-save.service';
import { CompaniesController } from './companies.controller';
import { CompanyRecordsService } from './company-records.service';

@Module({
  imports: [RateLimitModule],
  controllers: [CompaniesController],
  providers: [CompanyRecordsService, CompaniesSaveService, CompaniesEditService],
  exports: [CompanyRecordsService],
})
export class CompaniesModule {}
