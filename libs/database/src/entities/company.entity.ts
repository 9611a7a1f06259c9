import { Check, Column, ColumnOptions, Entity, Index, PrimaryColumn } from 'typeorm';
import { BIGINT_AS_NUMBER } from './column-transformers';

/**
 * The code of a text facet, which people search compares (`@app/domain/enums/company-facet-codes`; 0 for none or a
 * value outside the vocabulary).
 */
function facetCode(column: string): ColumnOptions {
  return {
    name: `${column}_code`,
    type: 'smallint',
    nullable: true,
    generatedType: 'STORED',
    asExpression: `company_facet_code('${column}'::text, ${column})`,
    select: false,
    insert: false,
    update: false,
  };
}

/**
 * A company of the data set, written only by the dataset loader. The `*_tsv` and `*_code` columns are generated
 * by PostgreSQL (their expressions as PostgreSQL prints them back, so the schema diff compares them).
 */
@Entity('companies')
@Check('companies_page_type_check', `page_type IN ('main', 'regional', 'brand', 'subsidiary', 'link_only')`)
@Index('companies_pro_network_id_idx', ['proNetworkId'])
@Index('companies_organization_idx', ['organizationId', 'pageType'])
@Index('companies_country_idx', ['countryCode'])
@Index('companies_office_countries_idx', ['officeCountryCodes'], { type: 'gin' })
@Index('companies_employee_count_idx', ['employeeCount'])
@Index('companies_hq_location_keys_idx', ['hqLocationKeys'], { type: 'gin' })
@Index('companies_location_keys_idx', ['locationKeys'], { type: 'gin' })
@Index('companies_keywords_tsv_idx', ['keywordsTsv'], { type: 'gin' })
@Index('companies_social_tsv_idx', ['socialTsv'], { type: 'gin' })
@Index('companies_website_tsv_idx', ['websiteTsv'], { type: 'gin' })
// Expression and covering indexes, which TypeORM cannot express (defined by the migrations):
// lower(website), lower(pro_network_url), lower(email_domain), lower(name), lower(pro_network_website),
// gin (lower(name) gin_trgm_ops), and the facet indexes keyed by a code INCLUDE (the other facets).
@Index('companies_website_idx', { synchronize: false })
@Index('companies_pro_network_url_idx', { synchronize: false })
@Index('companies_email_domain_idx', { synchronize: false })
@Index('companies_name_lower_idx', { synchronize: false })
@Index('companies_pro_network_website_idx', { synchronize: false })
@Index('companies_name_trgm_idx', { synchronize: false })
@Index('companies_facets_idx', { synchronize: false })
@Index('companies_industry_code_idx', { synchronize: false })
export class Company {
  @PrimaryColumn({ type: 'char', length: 24 })
  id: string;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', nullable: true })
  logo: string | null;

  @Column({ type: 'text', nullable: true })
  website: string | null;

  @Column({ name: 'email_domain', type: 'text', nullable: true })
  emailDomain: string | null;

  @Column({ name: 'email_provider', type: 'text', nullable: true })
  emailProvider: string | null;

  @Column({ name: 'pro_network_url', type: 'text', nullable: true })
  proNetworkUrl: string | null;

  @Column({ name: 'pro_network_id', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  proNetworkId: number | null;

  @Column({ name: 'organization_id', type: 'text', nullable: true })
  organizationId: string | null;

  @Column({ name: 'page_type', type: 'text', nullable: true })
  pageType: string | null;

  @Column({ name: 'pro_network_website', type: 'text', nullable: true })
  proNetworkWebsite: string | null;

  @Column({ name: 'social_networks', type: 'jsonb', default: {} })
  socialNetworks: Record<string, unknown>;

  @Column({ type: 'text', nullable: true })
  industry: string | null;

  @Column({ type: 'text', array: true, default: [] })
  keywords: string[];

  @Column({ name: 'naics_codes', type: 'integer', array: true, default: [] })
  naicsCodes: number[];

  @Column({ type: 'text', nullable: true })
  type: string | null;

  @Column({ name: 'business_type', type: 'text', nullable: true })
  businessType: string | null;

  @Column({ name: 'revenue_stream', type: 'text', nullable: true })
  revenueStream: string | null;

  @Column({ type: 'integer', nullable: true })
  founded: number | null;

  @Column({ name: 'employee_count', type: 'integer', nullable: true })
  employeeCount: number | null;

  @Column({ name: 'employee_range', type: 'text', nullable: true })
  employeeRange: string | null;

  @Column({ type: 'jsonb', nullable: true })
  location: Record<string, unknown> | null;

  @Column({ name: 'other_locations', type: 'jsonb', default: [] })
  otherLocations: unknown[];

  @Column({ type: 'jsonb', default: [] })
  technologies: unknown[];

  @Column({ name: 'technologies_checked_at', type: 'timestamptz', nullable: true })
  technologiesCheckedAt: Date | null;

  @Column({ name: 'social_media_description', type: 'text', nullable: true })
  socialMediaDescription: string | null;

  @Column({ name: 'website_text', type: 'text', nullable: true })
  websiteText: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  /** Headquarters country (ISO 3166-1 alpha-2). */
  @Column({ name: 'country_code', type: 'char', length: 2, nullable: true })
  countryCode: string | null;

  @Column({ name: 'office_country_codes', type: 'text', array: true, default: [] })
  officeCountryCodes: string[];

  @Column({ name: 'hq_location_keys', type: 'text', array: true, default: [] })
  hqLocationKeys: string[];

  @Column({ name: 'location_keys', type: 'text', array: true, default: [] })
  locationKeys: string[];

  /** Specialties with a filler word between them, so a phrase never spans two (keywords_fields_text). */
  @Column({
    name: 'keywords_tsv',
    type: 'tsvector',
    nullable: true,
    generatedType: 'STORED',
    asExpression: `to_tsvector('simple'::regconfig, keywords_fields_text(keywords))`,
    select: false,
    insert: false,
    update: false,
  })
  keywordsTsv: string | null;

  @Column({
    name: 'social_tsv',
    type: 'tsvector',
    nullable: true,
    generatedType: 'STORED',
    asExpression: `to_tsvector('simple'::regconfig, COALESCE(social_media_description, ''::text))`,
    select: false,
    insert: false,
    update: false,
  })
  socialTsv: string | null;

  @Column({
    name: 'website_tsv',
    type: 'tsvector',
    nullable: true,
    generatedType: 'STORED',
    asExpression: `to_tsvector('simple'::regconfig, COALESCE(website_text, ''::text))`,
    select: false,
    insert: false,
    update: false,
  })
  websiteTsv: string | null;

  @Column(facetCode('employee_range'))
  employeeRangeCode: number;

  @Column(facetCode('industry'))
  industryCode: number;

  @Column(facetCode('type'))
  typeCode: number;

  @Column(facetCode('business_type'))
  businessTypeCode: number;

  @Column(facetCode('revenue_stream'))
  revenueStreamCode: number;
}
