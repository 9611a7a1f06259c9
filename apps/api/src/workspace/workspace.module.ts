import { Module } from '@nestjs/common';
import { WorkspaceController } from './workspace.controller';
import { WorkspaceService } from './workspace.service';

@Module({ controllers: [WorkspaceController], providers: [WorkspaceService] })
export class WorkspaceModule {}
