import { APP_CONFIG, AppConfig } from '@app/config';
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from './data-source';

/** The TypeORM connection shared by every module of an app; the schema is changed only by migrations. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => dataSourceOptions(config.databaseUrl),
    }),
  ],
})
export class DatabaseModule {}
