import { DataSource } from 'typeorm';
import { CommandOptions } from '../cli-args';
import { generateDatasetCommand, importDatasetCommand, LOAD_OPTIONS } from './dataset.commands';
import { rotateSecrets } from './secrets.commands';
import { addMember, createApiKey, createWorkspace, deleteApiKey, removeMember, setCredits } from './workspace.commands';

export interface Command {
  options: string[];
  run(db: DataSource, options: CommandOptions): Promise<unknown>;
}

/** Every operator command by name (docs/cli.md). */
export const COMMANDS: Record<string, Command> = {
  'workspace:create': { options: ['name', 'credits'], run: createWorkspace },
  'member:add': { options: ['workspace', 'name'], run: addMember },
  'member:remove': { options: ['member'], run: removeMember },
  'api-key:create': { options: ['member'], run: createApiKey },
  'api-key:delete': { options: ['id'], run: deleteApiKey },
  'credits:set': { options: ['workspace', 'balance'], run: setCredits },
  'secrets:rotate': { options: [], run: rotateSecrets },
  'dataset:import': { options: ['companies', 'people', ...LOAD_OPTIONS], run: importDatasetCommand },
  'dataset:generate': {
    options: ['people', 'companies', 'seed', 'out', 'as-of', 'load', ...LOAD_OPTIONS],
    run: generateDatasetCommand,
  },
};
