/**
 * Department groups and their sub-departments. The names are exactly those of docs/api.md
 * ("Department values"); which group a sub-department belongs to is our
 * grouping (the conformance fixtures fix Product Management under Operations and
 * Sales Operations under Sales). A position lists its group(s) and sub-department(s).
 */
export const DEPARTMENT_GROUPS: Readonly<Record<string, readonly string[]>> = {
  'C-Suite': ['Executive', 'Founder'],
  Consulting: ['Consultant'],
  Design: ['Graphic & Visual & Brand Design', 'Product or UI&UX Design', 'Web Design'],
  Education: ['Principal', 'Professor', 'Superintendent', 'Teacher'],
  'Engineering & Technical': [
    'Artificial Intelligence & Machine Learning',
    'Bioengineering',
    'Chemical Engineering',
    'Data Science',
    'DevOps',
    'eCommerce Development',
    'Engineering Management',
    'Industrial Engineering',
    'Mobile Development',
    'Scrum Master & Agile Coach',
    'Software Development',
    'Test & Quality Assurance',
    'Web Development',
  ],
  Finance: [
    'Accounting',
    'Finance Executive',
    'Financial Planning & Analysis',
    'Financial Reporting',
    'Financial Risk',
    'Financial Systems',
    'Internal Audit & Control',
    'Investor Relations',
    'Mergers & Acquisitions',
    'Real Estate Finance',
    'Tax',
    'Treasury',
  ],
  'Human Resources': [
    'Compensation & Benefits',
    'Culture, Diversity & Inclusion',
    'Employee & Labor Relations',
    'HR Business Partner',
    'Human Resources Executive',
    'Learning & Development',
    'Organizational Development',
    'People Operations',
    'Recruiting & Talent Acquisition',
    'Talent Management',
    'Workforce Management',
  ],
  'Information Technology': [
    'Business Intelligence',
    'Cloud & Infrastructure',
    'Data Center',
    'Database Administration',
    'Enterprise Architecture',
    'ERP Systems',
    'Help Desk & Desktop Services',
    'Information Security',
    'Information Technology Executive',
    'IT Asset Management',
    'IT Audit & IT Compliance',
    'IT Operations',
    'Networking',
    'Servers & Cloud Infrastructure',
    'Telecommunications',
  ],
  Legal: [
    'Compliance',
    'Contracts',
    'Corporate Secretary',
    'eDiscovery',
    'Governmental Affairs & Regulatory Law',
    'Intellectual Property & Patent',
    'Labor & Employment',
    'Lawyer & Attorney',
    'Legal Counsel',
    'Legal Executive',
    'Legal Operations',
    'Litigation',
    'Privacy',
  ],
  Marketing: [
    'Advertising',
    'Brand Management',
    'Content Marketing',
    'Customer Marketing',
    'Demand Generation',
    'Digital Marketing',
    'eCommerce Marketing',
    'Event Marketing',
    'Lead Generation',
    'Marketing Analytics & Insights',
    'Marketing Communications',
    'Marketing Executive',
    'Marketing Operations',
    'Product Marketing',
    'Public Relations',
    'Search Engine Optimization & Pay Per Click',
    'Social Media Marketing',
  ],
  'Medical & Health': [
    'Anesthesiology',
    'Chiropractics',
    'Clinical Systems',
    'Dentistry',
    'Dermatology',
    'Doctors & Physicians',
    'Epidemiology',
    'Infectious Disease',
    'Medical & Health Executive',
    'Medical Administration',
    'Medical Education & Training',
    'Medical Research',
    'Neurology',
    'Nursing',
    'Nutrition & Dietetics',
    'Obstetrics & Gynecology',
    'Oncology',
    'Ophthalmology',
    'Optometry',
    'Orthopedics',
    'Pathology',
    'Pediatrics',
    'Pharmacy',
    'Physical Therapy',
    'Psychiatry',
    'Psychology',
    'Public Health',
    'Radiology',
  ],
  Operations: [
    'Call Center',
    'Construction',
    'Customer Service & Support',
    'Facilities Management',
    'Logistics',
    'Operations Executive',
    'Physical Security',
    'Product Management',
    'Project Management',
    'Quality Management',
    'Real Estate',
    'Safety',
    'Sourcing & Procurement',
    'Supply Chain',
  ],
  Sales: [
    'Account Management',
    'Business Development',
    'Channel Sales',
    'Customer Experience',
    'Customer Retention & Development',
    'Customer Success',
    'Field & Outside Sales',
    'Inside Sales',
    'Revenue Operations',
    'Sales Enablement',
    'Sales Engineering',
    'Sales Leader',
    'Sales Operations',
  ],
};

export const DEPARTMENT_GROUP_NAMES: readonly string[] = Object.keys(DEPARTMENT_GROUPS);

/** Group of each sub-department. */
export const GROUP_OF_SUB_DEPARTMENT: ReadonlyMap<string, string> = new Map(
  Object.entries(DEPARTMENT_GROUPS).flatMap(([group, subs]) => subs.map((sub) => [sub, group] as const)),
);

export const SUB_DEPARTMENT_NAMES: readonly string[] = [...GROUP_OF_SUB_DEPARTMENT.keys()].sort((a, b) =>
  a.localeCompare(b, 'en'),
);

/** Every value `person_department` takes: groups and sub-departments. */
export const DEPARTMENT_VALUES: ReadonlySet<string> = new Set([...DEPARTMENT_GROUP_NAMES, ...SUB_DEPARTMENT_NAMES]);

/** The departments with the groups their sub-departments imply, deduplicated, groups first. */
export function expandDepartments(departments: readonly string[]): string[] {
  const groups = new Set<string>();
  const subs = new Set<string>();
  for (const d of departments) {
    const group = GROUP_OF_SUB_DEPARTMENT.get(d);
    if (group) {
      groups.add(group);
      subs.add(d);
    } else groups.add(d);
  }
  return [...groups, ...subs];
}
