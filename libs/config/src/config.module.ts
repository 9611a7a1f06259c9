import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_CONFIG, loadConfig, LoadConfigOptions } from './app-config';

/** Validates the environment once at start and provides the typed AppConfig to every module. */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(options: LoadConfigOptions = {}): DynamicModule {
    return {
      module: AppConfigModule,
      imports: [
        ConfigModule.forRoot({
          ignoreEnvFile: true,
          validate: (env) => {
            loadConfig(env as Record<string, string>, options);
            return env;
          },
        }),
      ],
      providers: [{ provide: APP_CONFIG, useFactory: () => loadConfig(process.env, options) }],
      exports: [APP_CONFIG],
    };
  }
}
