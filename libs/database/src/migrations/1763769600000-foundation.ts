import { MigrationInterface, QueryRunner } from 'typeorm';

/** Workspaces, members, API keys, the company table, lists, saved companies and the event outbox. */
export class Foundation1763769600000 implements MigrationInterface {
  name = 'Foundation1763769600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE workspaces (
        id varchar(64) PRIMARY KEY,
        name text NOT NULL,
        credits bigint NOT NULL DEFAULT 0 CHECK (credits >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE members (
        id varchar(64) PRIMARY KEY,
        workspace_id varchar(64) NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        name text NOT NULL,
        role text NOT NULL CHECK (role IN ('owner', 'member')),
        created_at timestamptz NOT NULL DEFAULT now(),
        removed_at timestamptz
      );
      CREATE INDEX members_workspace_idx ON members (workspace_id);
      CREATE TABLE api_keys (
        id varchar(64) PRIMARY KEY,
        workspace_id varchar(64) NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        member_id varchar(64) NOT NULL REFERENCES members(id) ON DELETE CASCADE,
        key_hash char(64) NOT NULL UNIQUE,
        key_hint text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      );
      CREATE INDEX api_keys_member_idx ON api_keys (member_id);

      CREATE TABLE companies (
        id char(24) PRIMARY KEY,
        name text,
        description text,
        logo text,
        website text,
        email_domain text,
        email_provider text,
        pro_network_url text,
        pro_network_id bigint,
        organization_id text,
        page_type text CHECK (page_type IN ('main', 'regional', 'brand', 'subsidiary', 'link_only')),
        pro_network_website text,
        social_networks jsonb NOT NULL DEFAULT '{}',
        industry text,
        keywords text[] NOT NULL DEFAULT '{}',
        naics_codes integer[] NOT NULL DEFAULT '{}',
        type text,
        business_type text,
        revenue_stream text,
        founded integer,
        employee_count integer,
        employee_range text,
        location jsonb,
        other_locations jsonb NOT NULL DEFAULT '[]',
        technologies jsonb NOT NULL DEFAULT '[]',
        technologies_checked_at timestamptz,
        social_media_description text,
        website_text text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- Lookups of the company save: by website domain, network id, network URL, organization.
      CREATE INDEX companies_website_idx ON companies (lower(website));
      CREATE INDEX companies_pro_network_id_idx ON companies (pro_network_id);
      CREATE INDEX companies_pro_network_url_idx ON companies (lower(pro_network_url));
      CREATE INDEX companies_organization_idx ON companies (organization_id, page_type);

      CREATE TABLE lists (
        id varchar(64) PRIMARY KEY,
        workspace_id varchar(64) NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('people', 'company')),
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      );
      CREATE INDEX lists_workspace_idx ON lists (workspace_id, type) WHERE deleted_at IS NULL;

      CREATE TABLE saved_companies (
        workspace_id varchar(64) NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        company_id char(24) NOT NULL REFERENCES companies(id),
        saved_at timestamptz NOT NULL DEFAULT now(),
        name_edit text,
        PRIMARY KEY (workspace_id, company_id)
      );
      CREATE TABLE company_list_members (
        list_id varchar(64) NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
        company_id char(24) NOT NULL,
        workspace_id varchar(64) NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (list_id, company_id)
      );
      CREATE INDEX company_list_members_company_idx ON company_list_members (workspace_id, company_id);

      CREATE TABLE saved_people (
        workspace_id varchar(64) NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        person_id char(24) NOT NULL,
        saved_at timestamptz NOT NULL DEFAULT now(),
        revealed_email text,
        revealed_at timestamptz,
        edited_email text,
        PRIMARY KEY (workspace_id, person_id)
      );
      CREATE TABLE people_list_members (
        list_id varchar(64) NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
        person_id char(24) NOT NULL,
        workspace_id varchar(64) NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (list_id, person_id)
      );
      CREATE INDEX people_list_members_person_idx ON people_list_members (workspace_id, person_id);

      CREATE TABLE events (
        id varchar(64) PRIMARY KEY,
        workspace_id varchar(64) NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        type text NOT NULL,
        body jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- Set for a test event, which goes to one webhook only.
        target_webhook_id varchar(64),
        relayed_at timestamptz
      );
      -- The relay and its sweeper read only what is not relayed yet.
      CREATE INDEX events_unrelayed_idx ON events (created_at) WHERE relayed_at IS NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE events, people_list_members, saved_people, company_list_members, saved_companies, lists,
        companies, api_keys, members, workspaces;
    `);
  }
}
