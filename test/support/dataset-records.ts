import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT } from './processes';
import type { TestStack } from './stack';

/** A company line of a dataset file (docs/dataset.md) with every member set. */
export function companyRecord(id: string, over: Record<string, unknown> = {}) {
  return {
    id,
    name: 'Globex',
    description: 'Globex builds enterprise software.',
    logo: 'https://logos.example/globex.png',
    website: 'globex.com',
    email: { domain: 'globex.com', provider: null },
    pro_network_url: 'https://pronet.example/company/globex',
    social_networks: {
      pro_network_url: 'https://pronet.example/company/globex',
      social_a_url: 'https://social-a.example/globex',
      social_b_url: null,
      social_c_url: null,
      video_a_url: null,
      video_b_url: null,
      directory_url: null,
      code_host_url: 'https://code.example/globex',
      pinboard_url: null,
    },
    industry: 'Software Development',
    keywords: ['enterprise software', 'sales automation'],
    naics_codes: [511210, 541511],
    type: 'Public Company',
    business_type: 'B2B',
    revenue_stream: 'Subscriptions / Recurring',
    founded: 1989,
    employee_count: 4200,
    employee_range: '1001-5000',
    location: {
      city: 'New York',
      state: 'New York',
      state_code: 'NY',
      country: 'United States',
      country_code: 'US',
      raw_address: '1 Globex Plaza',
    },
    other_locations: [
      { city: 'Berlin', state: 'Berlin', state_code: 'BE', country: 'Germany', country_code: 'DE', raw_address: null },
    ],
    technologies: [
      {
        id: 'tech_salesforce',
        name: 'Salesforce',
        icon_url: 'https://icons.example/salesforce.png',
        website: 'salesforce.com',
        categories: [
          { id: 'cat_crm', name: 'CRM' },
          { id: 'cat_sales_tools', name: 'Sales Tools' },
        ],
      },
    ],
    technologies_checked_at: '2026-11-01T12:00:00.000Z',
    pro_network_id: 4242,
    organization_id: 'org_globex',
    page_type: 'main',
    pro_network_website: 'globex.com',
    social_media_description: 'Globex on social media.',
    website_text: 'Welcome to Globex.',
    ...over,
  };
}

/** A person line with one current position at `companyId`. */
export function personRecord(id: string, companyId: string, over: Record<string, unknown> = {}) {
  return {
    id,
    first_name: 'José',
    last_name: 'García',
    pro_network_url: `https://pronet.example/in/jose-${id.slice(-4)}`,
    followers: 1200,
    location: { city: 'London', state: 'England', state_code: 'ENG', country: 'United Kingdom', country_code: 'GB' },
    emails: [{ address: `jose.${id.slice(-4)}@globex.com`, status: 'valid' }],
    phone: { status: 'found' },
    positions: [
      {
        company_id: companyId,
        title: 'VP Sales',
        seniority: 'VP',
        departments: ['Sales', 'Sales Leader'],
        started_at: '2024-03-01',
        ended_at: null,
        is_primary: true,
      },
    ],
    ...over,
  };
}

/** Writes lines (already serialised) to a fresh file and answers its path. */
export function writeLines(name: string, lines: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pws-dataset-')), name);
  writeFileSync(file, lines.map((l) => `${l}\n`).join(''));
  return file;
}

export interface MeasuredRun {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
  /** Peak resident memory of the CLI process (VmHWM), MiB. */
  peakMiB: number;
}

/** Runs the built CLI while sampling its peak resident memory from /proc. */
export function runCliMeasured(env: Record<string, string>, args: string[]): Promise<MeasuredRun> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [resolve(ROOT, 'dist/apps/cli/src/main.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    let peak = 0;
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peak = Math.max(peak, Number(m[1]) / 1024);
      } catch {
        /* exited */
      }
    }, 20);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      clearInterval(poll);
      let json: unknown = null;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = null;
      }
      done({ code: code ?? -1, stdout, stderr, json, peakMiB: peak });
    });
  });
}

/** The small generated data set of the dataset tests (600 people, 80 companies) into a new directory; answers it. */
export async function generateSmallDataset(stack: TestStack, seed: string, extra: string[] = []): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pws-generate-'));
  const result = await stack.cli([
    'dataset:generate',
    '--people',
    '600',
    '--companies',
    '80',
    '--seed',
    seed,
    '--as-of',
    '2026-11-15',
    '--out',
    dir,
    ...extra,
  ]);
  expect(result.code).toBe(0);
  expect(result.json).toEqual({ companies: { imported: 80, rejected: 0 }, people: { imported: 600, rejected: 0 } });
  return dir;
}
