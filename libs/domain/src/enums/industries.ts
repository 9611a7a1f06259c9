/** Industry groups and their industries; `company_industry` takes either (a group matches each of its industries). */
export const INDUSTRY_GROUPS: Readonly<Record<string, readonly string[]>> = {
  'Accommodation Services': ['Hospitality', 'Food and Beverage Services', 'Restaurants'],
  'Administrative and Support Services': [
    'Staffing and Recruiting',
    'Outsourcing and Offshoring Consulting',
    'Security and Investigations',
    'Events Services',
    'Translation and Localization',
  ],
  Construction: ['Construction', 'Civil Engineering', 'Building Construction'],
  'Consumer Services': [
    'Consumer Services',
    'Personal Care Services',
    'Non-profit Organizations',
    'Religious Institutions',
  ],
  Education: [
    'Higher Education',
    'Primary and Secondary Education',
    'E-Learning Providers',
    'Education Administration Programs',
  ],
  'Entertainment Providers': [
    'Entertainment Providers',
    'Performing Arts',
    'Spectator Sports',
    'Museums, Historical Sites, and Zoos',
  ],
  'Farming, Ranching, Forestry': ['Farming', 'Ranching and Fisheries', 'Forestry and Logging'],
  'Financial Services': [
    'Banking',
    'Insurance',
    'Investment Banking',
    'Investment Management',
    'Venture Capital and Private Equity Principals',
    'Financial Services',
    'Capital Markets',
  ],
  'Government Administration': [
    'Government Administration',
    'Armed Forces',
    'Public Policy Offices',
    'Law Enforcement',
  ],
  'Holding Companies': ['Holding Companies'],
  'Hospitals and Health Care': [
    'Hospitals and Health Care',
    'Hospitals',
    'Medical Practices',
    'Mental Health Care',
    'Wellness and Fitness Services',
  ],
  Manufacturing: [
    'Pharmaceutical Manufacturing',
    'Medical Equipment Manufacturing',
    'Computers and Electronics Manufacturing',
    'Semiconductor Manufacturing',
    'Motor Vehicle Manufacturing',
    'Aviation and Aerospace Component Manufacturing',
    'Defense and Space Manufacturing',
    'Food and Beverage Manufacturing',
    'Chemical Manufacturing',
    'Machinery Manufacturing',
    'Textile Manufacturing',
  ],
  'Oil, Gas, and Mining': ['Oil and Gas', 'Mining'],
  'Professional Services': [
    'Accounting',
    'Legal Services',
    'Law Practice',
    'Business Consulting and Services',
    'Advertising Services',
    'Marketing Services',
    'Design Services',
    'Architecture and Planning',
    'Research Services',
    'IT Services and IT Consulting',
    'Engineering Services',
  ],
  'Real Estate and Equipment Rental Services': [
    'Real Estate',
    'Leasing Non-residential Real Estate',
    'Equipment Rental Services',
  ],
  Retail: [
    'Retail',
    'Retail Apparel and Fashion',
    'Retail Groceries',
    'Online and Mail Order Retail',
    'Retail Luxury Goods and Jewelry',
  ],
  'Technology, Information and Media': [
    'Software Development',
    'Technology, Information and Internet',
    'Computer and Network Security',
    'Data Infrastructure and Analytics',
    'Internet Marketplace Platforms',
    'Telecommunications',
    'Broadcast Media Production and Distribution',
    'Book and Periodical Publishing',
    'Newspaper Publishing',
    'Movies, Videos, and Sound',
    'Computer Games',
  ],
  'Transportation, Logistics, Supply Chain and Storage': [
    'Transportation, Logistics, Supply Chain and Storage',
    'Truck Transportation',
    'Airlines and Aviation',
    'Maritime Transportation',
    'Warehousing and Storage',
  ],
  Utilities: [
    'Utilities',
    'Renewable Energy Power Generation',
    'Electric Power Generation',
    'Water Supply and Irrigation Systems',
  ],
  Wholesale: [
    'Wholesale',
    'Wholesale Import and Export',
    'Wholesale Building Materials',
    'Wholesale Food and Beverage',
  ],
};

export const INDUSTRY_GROUP_NAMES: readonly string[] = Object.keys(INDUSTRY_GROUPS);

/** Group of each industry. */
export const GROUP_OF_INDUSTRY: ReadonlyMap<string, string> = new Map(
  Object.entries(INDUSTRY_GROUPS).flatMap(([group, industries]) =>
    industries.map((industry) => [industry, group] as const),
  ),
);

/** Values a company's `industry` takes. */
export const INDUSTRIES: ReadonlySet<string> = new Set(GROUP_OF_INDUSTRY.keys());
