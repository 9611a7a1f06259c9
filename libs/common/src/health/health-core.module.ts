import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { ShutdownState } from '../lifecycle/shutdown-state';
import { DependencyHealth } from './dependency-health';

/** What the health endpoints of both deployables share: the dependency checks and the stopping flag. */
@Global()
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  providers: [ShutdownState, DependencyHealth],
  exports: [ShutdownState, DependencyHealth],
})
export class HealthCoreModule {}
