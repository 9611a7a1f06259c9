/** Word lists of the synthetic data set. Names carry diacritics on purpose (search treats them as significant). */

export const FIRST_NAMES = [
  'José', 'Jose', 'María', 'Maria', 'Renée', 'Renee', 'Łukasz', 'Jürgen', 'Zoë', 'Chloé', 'François', 'Søren', 'Björn', 'Ana', 'Mei', 'Priya',
  'Ângela', 'João', 'Ines', 'Inès', 'Ólafur', 'Siobhán', 'Dvořák', 'Agnieszka', 'Małgorzata', 'Çağla', 'Emre', 'Ayşe', 'Noémie', 'Hélène',
  'Kenji', 'Yuki', 'Hiroshi', 'Wei', 'Li', 'Fatima', 'Omar', 'Aisha', 'Mohammed', 'Olga', 'Dmitri', 'Ivan', 'Anna', 'Lena', 'Jonas', 'Lukas',
  'Emma', 'Olivia', 'Liam', 'Noah', 'James', 'Sophia', 'Isabella', 'Lucas', 'Mateo', 'Sofía', 'Valentina', 'Camila', 'Diego', 'Andrés',
  'Ingrid', 'Astrid', 'Nils', 'Mikael', 'Päivi', 'Jukka', 'Raphaël', 'Théo', 'Élodie', 'Zoltán', 'Réka', 'Tomáš', 'Jiří', 'Katarzyna',
  'Peter', 'Sarah', 'David', 'Michael', 'Jennifer', 'Robert', 'Linda', 'Daniel', 'Laura', 'Thomas', 'Nina', 'Arjun', 'Ananya', 'Rahul',
  'Chen', 'Ming', 'Sung-min', 'Ji-woo', 'Nguyễn', 'Thảo', 'Kwame', 'Amara', 'Chidi', 'Zanele', 'Santiago', 'Joaquín', 'Begoña', 'Núria',
];

export const LAST_NAMES = [
  'García', 'Garcia', 'Müller', 'Mueller', 'Nowak', 'Kowalski', 'Dubois', 'Lefèvre', 'Martin', 'Smith', 'Johnson', 'Brown', 'Williams',
  'Chen', 'Wang', 'Li', 'Zhang', 'Tanaka', 'Watanabe', 'Suzuki', 'Patel', 'Sharma', 'Gupta', 'Silva', 'Souza', 'Santos', 'Oliveira',
  'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Pérez', 'Sánchez', 'Núñez', 'Ibáñez', 'Öztürk', 'Yılmaz', 'Şahin', 'Kaya',
  'Ivanova', 'Petrov', 'Smirnov', 'Novák', 'Dvořák', 'Svoboda', 'Horváth', 'Nagy', 'Kovač', 'Jovanović', 'Schröder', 'Schäfer', 'Weiß',
  'Hoffmann', 'Becker', 'Fischer', 'Andersson', 'Johansson', 'Nielsen', 'Jørgensen', 'Virtanen', 'Korhonen', "O'Brien", "O'Connor",
  'Murphy', 'Kelly', 'Rossi', 'Russo', 'Bianchi', 'Romano', 'Costa', 'Haddad', 'Khalil', 'Nasser', 'Kim', 'Park', 'Lee', 'Nguyen',
  'Tran', 'Okafor', 'Mensah', 'Dlamini', 'Brontë', 'Zahra', 'Van der Berg', 'De Vries', 'Jansen', 'Moreau', 'Laurent', 'Girard',
];

export interface CityInfo {
  city: string;
  state: string;
  state_code: string;
  country: string;
  country_code: string;
  /** Top-level domain companies there tend to use. */
  tld: string;
}

const c = (city: string, state: string, state_code: string, country: string, country_code: string, tld: string): CityInfo => ({
  city, state, state_code, country, country_code, tld,
});

/** Cities weighted by repetition: the United States first, then Europe, Asia and the rest. */
export const CITIES: CityInfo[] = [
  c('New York', 'New York', 'NY', 'United States', 'US', 'com'),
  c('San Francisco', 'California', 'CA', 'United States', 'US', 'com'),
  c('Los Angeles', 'California', 'CA', 'United States', 'US', 'com'),
  c('Palo Alto', 'California', 'CA', 'United States', 'US', 'com'),
  c('Austin', 'Texas', 'TX', 'United States', 'US', 'com'),
  c('Dallas', 'Texas', 'TX', 'United States', 'US', 'com'),
  c('Houston', 'Texas', 'TX', 'United States', 'US', 'com'),
  c('Boston', 'Massachusetts', 'MA', 'United States', 'US', 'com'),
  c('Chicago', 'Illinois', 'IL', 'United States', 'US', 'com'),
  c('Seattle', 'Washington', 'WA', 'United States', 'US', 'com'),
  c('Miami', 'Florida', 'FL', 'United States', 'US', 'com'),
  c('Atlanta', 'Georgia', 'GA', 'United States', 'US', 'com'),
  c('Denver', 'Colorado', 'CO', 'United States', 'US', 'com'),
  c('Portland', 'Oregon', 'OR', 'United States', 'US', 'com'),
  c('Portland', 'Maine', 'ME', 'United States', 'US', 'com'),
  c('Toronto', 'Ontario', 'ON', 'Canada', 'CA', 'ca'),
  c('Montréal', 'Quebec', 'QC', 'Canada', 'CA', 'ca'),
  c('Vancouver', 'British Columbia', 'BC', 'Canada', 'CA', 'ca'),
  c('Mexico City', 'Mexico City', 'CMX', 'Mexico', 'MX', 'mx'),
  c('São Paulo', 'São Paulo', 'SP', 'Brazil', 'BR', 'com.br'),
  c('Buenos Aires', 'Buenos Aires', 'C', 'Argentina', 'AR', 'com.ar'),
  c('Bogotá', 'Bogotá', 'DC', 'Colombia', 'CO', 'co'),
  c('London', 'England', 'ENG', 'United Kingdom', 'GB', 'co.uk'),
  c('Manchester', 'England', 'ENG', 'United Kingdom', 'GB', 'co.uk'),
  c('Edinburgh', 'Scotland', 'SCT', 'United Kingdom', 'GB', 'co.uk'),
  c('Dublin', 'Leinster', 'L', 'Ireland', 'IE', 'ie'),
  c('Berlin', 'Berlin', 'BE', 'Germany', 'DE', 'de'),
  c('Munich', 'Bavaria', 'BY', 'Germany', 'DE', 'de'),
  c('Hamburg', 'Hamburg', 'HH', 'Germany', 'DE', 'de'),
  c('Düsseldorf', 'North Rhine-Westphalia', 'NW', 'Germany', 'DE', 'de'),
  c('Vienna', 'Vienna', '9', 'Austria', 'AT', 'at'),
  c('Zürich', 'Zurich', 'ZH', 'Switzerland', 'CH', 'ch'),
  c('Genève', 'Geneva', 'GE', 'Switzerland', 'CH', 'ch'),
  c('Paris', 'Île-de-France', 'IDF', 'France', 'FR', 'fr'),
  c('Lyon', 'Auvergne-Rhône-Alpes', 'ARA', 'France', 'FR', 'fr'),
  c('Madrid', 'Community of Madrid', 'MD', 'Spain', 'ES', 'es'),
  c('Barcelona', 'Catalonia', 'CT', 'Spain', 'ES', 'es'),
  c('Lisbon', 'Lisbon', '11', 'Portugal', 'PT', 'pt'),
  c('Milan', 'Lombardy', '25', 'Italy', 'IT', 'it'),
  c('Rome', 'Lazio', '62', 'Italy', 'IT', 'it'),
  c('Amsterdam', 'North Holland', 'NH', 'Netherlands', 'NL', 'nl'),
  c('Brussels', 'Brussels-Capital', 'BRU', 'Belgium', 'BE', 'be'),
  c('Copenhagen', 'Capital Region', '84', 'Denmark', 'DK', 'dk'),
  c('Stockholm', 'Stockholm County', 'AB', 'Sweden', 'SE', 'se'),
  c('Oslo', 'Oslo', '03', 'Norway', 'NO', 'no'),
  c('Helsinki', 'Uusimaa', '18', 'Finland', 'FI', 'fi'),
  c('Warsaw', 'Masovia', '14', 'Poland', 'PL', 'pl'),
  c('Kraków', 'Lesser Poland', '12', 'Poland', 'PL', 'pl'),
  c('Prague', 'Prague', '10', 'Czechia', 'CZ', 'cz'),
  c('Budapest', 'Budapest', 'BU', 'Hungary', 'HU', 'hu'),
  c('Istanbul', 'Istanbul', '34', 'Turkey', 'TR', 'com.tr'),
  c('Tel Aviv', 'Tel Aviv District', 'TA', 'Israel', 'IL', 'co.il'),
  c('Dubai', 'Dubai', 'DU', 'United Arab Emirates', 'AE', 'ae'),
  c('Riyadh', 'Riyadh Province', '01', 'Saudi Arabia', 'SA', 'sa'),
  c('Cairo', 'Cairo', 'C', 'Egypt', 'EG', 'eg'),
  c('Lagos', 'Lagos', 'LA', 'Nigeria', 'NG', 'ng'),
  c('Nairobi', 'Nairobi County', '30', 'Kenya', 'KE', 'co.ke'),
  c('Cape Town', 'Western Cape', 'WC', 'South Africa', 'ZA', 'co.za'),
  c('Bengaluru', 'Karnataka', 'KA', 'India', 'IN', 'in'),
  c('Mumbai', 'Maharashtra', 'MH', 'India', 'IN', 'in'),
  c('Singapore', 'Singapore', 'SG', 'Singapore', 'SG', 'sg'),
  c('Tokyo', 'Tokyo', '13', 'Japan', 'JP', 'jp'),
  c('Osaka', 'Osaka', '27', 'Japan', 'JP', 'jp'),
  c('Seoul', 'Seoul', '11', 'South Korea', 'KR', 'kr'),
  c('Shanghai', 'Shanghai', 'SH', 'China', 'CN', 'cn'),
  c('Shenzhen', 'Guangdong', 'GD', 'China', 'CN', 'cn'),
  c('Hong Kong', 'Hong Kong', 'HK', 'Hong Kong', 'HK', 'hk'),
  c('Taipei', 'Taipei', 'TPE', 'Taiwan', 'TW', 'tw'),
  c('Ho Chi Minh City', 'Ho Chi Minh City', 'SG', 'Vietnam', 'VN', 'vn'),
  c('Jakarta', 'Jakarta', 'JK', 'Indonesia', 'ID', 'co.id'),
  c('Sydney', 'New South Wales', 'NSW', 'Australia', 'AU', 'com.au'),
  c('Melbourne', 'Victoria', 'VIC', 'Australia', 'AU', 'com.au'),
  c('Auckland', 'Auckland', 'AUK', 'New Zealand', 'NZ', 'co.nz'),
];

/** Weight of each city for headquarters (US-heavy, as business data sets are). */
export const CITY_WEIGHTS: number[] = CITIES.map((x) => (x.country_code === 'US' ? 6 : ['GB', 'DE', 'FR', 'IN', 'CA'].includes(x.country_code) ? 3 : 1.5));

export const NAME_STEMS = [
  'Nord', 'Sol', 'Lumen', 'Vertex', 'Arbor', 'Blue', 'Crest', 'Delta', 'Echo', 'Falcon', 'Granite', 'Harbor', 'Iris', 'Juniper', 'Kestrel',
  'Lark', 'Meridian', 'Nimbus', 'Orion', 'Pioneer', 'Quartz', 'Raven', 'Summit', 'Tidal', 'Umber', 'Vela', 'Willow', 'Xeno', 'Yarrow', 'Zephyr',
  'Aurora', 'Bright', 'Cobalt', 'Drift', 'Ember', 'Fjord', 'Glacier', 'Helix', 'Ion', 'Jade', 'Kite', 'Lotus', 'Maple', 'Nova', 'Onyx',
  'Pulse', 'Quill', 'Ridge', 'Sierra', 'Terra', 'Unity', 'Vista', 'Wave', 'Apex', 'Beacon', 'Cedar', 'Dune', 'Élan', 'Fénix', 'Größe', 'Øresund',
];
export const NAME_SUFFIXES = [
  'Labs', 'Systems', 'Analytics', 'Health', 'Foods', 'Logistics', 'Capital', 'Energy', 'Robotics', 'Software', 'Networks', 'Partners',
  'Consulting', 'Media', 'Studios', 'Bio', 'Pharma', 'Motors', 'Retail', 'Group', 'Industries', 'Technologies', 'Works', 'Digital',
];
export const LEGAL_SUFFIXES: Record<string, string[]> = { DE: ['GmbH', 'AG'], FR: ['SAS', 'SA'], GB: ['Ltd'], US: ['Inc.', 'LLC'], NL: ['B.V.'], ES: ['S.L.'], IT: ['S.p.A.'] };

export const KEYWORDS_BY_GROUP: Record<string, string[]> = {
  default: ['b2b', 'consulting', 'customer success', 'innovation', 'sustainability', 'digital transformation', 'supply chain', 'data platform'],
  'Technology, Information and Media': ['saas', 'enterprise software', 'machine learning', 'cloud computing', 'cybersecurity', 'developer tools', 'data analytics', 'api platform', 'mobile apps'],
  'Financial Services': ['payments', 'wealth management', 'insurance', 'lending', 'fintech', 'risk management', 'private equity'],
  'Hospitals and Health Care': ['telemedicine', 'clinical research', 'patient care', 'medical devices', 'mental health'],
  Manufacturing: ['industrial automation', 'precision engineering', 'vaccines', 'semiconductors', 'electric vehicles', 'aerospace components'],
  Retail: ['ecommerce', 'fashion', 'grocery delivery', 'luxury goods', 'omnichannel retail'],
  'Professional Services': ['management consulting', 'tax advisory', 'legal services', 'marketing agency', 'recruiting'],
};

/** Web technologies with their categories, most prominent category first. */
export const TECHNOLOGIES = [
  ['salesforce', 'Salesforce', 'salesforce.com', ['crm:CRM', 'sales_tools:Sales Tools']],
  ['hubspot', 'HubSpot', 'hubspot.com', ['marketing_automation:Marketing Automation', 'crm:CRM']],
  ['marketo', 'Marketo', 'marketo.com', ['marketing_automation:Marketing Automation']],
  ['google_analytics', 'Google Analytics', 'marketingplatform.google.com', ['analytics:Analytics']],
  ['segment', 'Segment', 'segment.com', ['analytics:Analytics', 'cdp:Customer Data Platform']],
  ['mixpanel', 'Mixpanel', 'mixpanel.com', ['analytics:Analytics']],
  ['react', 'React', 'react.dev', ['js_frameworks:JavaScript Frameworks']],
  ['vue', 'Vue.js', 'vuejs.org', ['js_frameworks:JavaScript Frameworks']],
  ['angular', 'Angular', 'angular.dev', ['js_frameworks:JavaScript Frameworks']],
  ['nextjs', 'Next.js', 'nextjs.org', ['web_frameworks:Web Frameworks', 'js_frameworks:JavaScript Frameworks']],
  ['wordpress', 'WordPress', 'wordpress.org', ['cms:CMS', 'blogs:Blogs']],
  ['drupal', 'Drupal', 'drupal.org', ['cms:CMS']],
  ['shopify', 'Shopify', 'shopify.com', ['ecommerce:Ecommerce']],
  ['magento', 'Magento', 'magento.com', ['ecommerce:Ecommerce']],
  ['stripe', 'Stripe', 'stripe.com', ['payments:Payment Processors']],
  ['aws', 'Amazon Web Services', 'aws.amazon.com', ['cloud_hosting:Cloud Hosting', 'infrastructure:Infrastructure']],
  ['gcp', 'Google Cloud', 'cloud.google.com', ['cloud_hosting:Cloud Hosting']],
  ['azure', 'Microsoft Azure', 'azure.microsoft.com', ['cloud_hosting:Cloud Hosting']],
  ['cloudflare', 'Cloudflare', 'cloudflare.com', ['cdn:CDN', 'security:Security']],
  ['fastly', 'Fastly', 'fastly.com', ['cdn:CDN']],
  ['zendesk', 'Zendesk', 'zendesk.com', ['helpdesk:Help Desk', 'live_chat:Live Chat']],
  ['intercom', 'Intercom', 'intercom.com', ['live_chat:Live Chat', 'helpdesk:Help Desk']],
  ['optimizely', 'Optimizely', 'optimizely.com', ['ab_testing:A/B Testing']],
  ['hotjar', 'Hotjar', 'hotjar.com', ['heatmaps:Heatmaps', 'analytics:Analytics']],
  ['gtm', 'Google Tag Manager', 'tagmanager.google.com', ['tag_managers:Tag Managers']],
  ['sentry', 'Sentry', 'sentry.io', ['monitoring:Error Monitoring']],
  ['datadog', 'Datadog', 'datadoghq.com', ['monitoring:Error Monitoring', 'infrastructure:Infrastructure']],
  ['okta', 'Okta', 'okta.com', ['identity:Identity Management', 'security:Security']],
  ['workday', 'Workday', 'workday.com', ['hr:HR Software']],
  ['greenhouse', 'Greenhouse', 'greenhouse.io', ['recruiting:Recruiting']],
] as const;

export const NAICS_CODES = [511210, 541511, 541512, 518210, 325412, 311999, 519130, 423990, 336411, 334511, 325414, 541611, 522110, 524126, 621111, 454110, 481111, 221114, 236220, 611310];
