import { RateLimitModule } from '@app/common';
import { Module } from '@nestjs/common';
import { CompaniesEditService } from './companies-edit.service';
import { CompaniesSaveService } from './companies-save.service';
import { CompaniesController } from './companies.controller';

@Module({
  imports: [RateLimitModule],
  controllers: [CompaniesController],
  providers: [CompaniesSaveService, CompaniesEditService],
})
export class CompaniesModule {}
