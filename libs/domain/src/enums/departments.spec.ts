import {
  DEPARTMENT_GROUP_NAMES,
  DEPARTMENT_VALUES,
  expandDepartments,
  GROUP_OF_SUB_DEPARTMENT,
  SUB_DEPARTMENT_NAMES,
} from './departments';
import { ENUMERATIONS } from './enumerations';
import { regionCountries } from './regions';
import { COUNTRIES } from './countries';

// Copied verbatim from the department values of docs/api.md#enumerations.
const SPEC_GROUPS =
  'C-Suite; Consulting; Design; Education; Engineering & Technical; Finance; Human Resources; Information Technology; Legal; Marketing; Medical & Health; Operations; Sales';
const SPEC_SUBS =
  'Account Management; Accounting; Advertising; Anesthesiology; Artificial Intelligence & Machine Learning; Bioengineering; Brand Management; Business Development; Business Intelligence; Call Center; Channel Sales; Chemical Engineering; Chiropractics; Clinical Systems; Cloud & Infrastructure; Compensation & Benefits; Compliance; Construction; Consultant; Content Marketing; Contracts; Corporate Secretary; Culture, Diversity & Inclusion; Customer Experience; Customer Marketing; Customer Retention & Development; Customer Service & Support; Customer Success; Data Center; Data Science; Database Administration; Demand Generation; Dentistry; Dermatology; DevOps; Digital Marketing; Doctors & Physicians; eCommerce Development; eCommerce Marketing; eDiscovery; Employee & Labor Relations; Engineering Management; Enterprise Architecture; Epidemiology; ERP Systems; Event Marketing; Executive; Facilities Management; Field & Outside Sales; Finance Executive; Financial Planning & Analysis; Financial Reporting; Financial Risk; Financial Systems; Founder; Governmental Affairs & Regulatory Law; Graphic & Visual & Brand Design; Help Desk & Desktop Services; HR Business Partner; Human Resources Executive; Industrial Engineering; Infectious Disease; Information Security; Information Technology Executive; Inside Sales; Intellectual Property & Patent; Internal Audit & Control; Investor Relations; IT Asset Management; IT Audit & IT Compliance; IT Operations; Labor & Employment; Lawyer & Attorney; Lead Generation; Learning & Development; Legal Counsel; Legal Executive; Legal Operations; Litigation; Logistics; Marketing Analytics & Insights; Marketing Communications; Marketing Executive; Marketing Operations; Medical & Health Executive; Medical Administration; Medical Education & Training; Medical Research; Mergers & Acquisitions; Mobile Development; Networking; Neurology; Nursing; Nutrition & Dietetics; Obstetrics & Gynecology; Oncology; Operations Executive; Ophthalmology; Optometry; Organizational Development; Orthopedics; Pathology; Pediatrics; People Operations; Pharmacy; Physical Security; Physical Therapy; Principal; Privacy; Product Management; Product Marketing; Product or UI&UX Design; Professor; Project Management; Psychiatry; Psychology; Public Health; Public Relations; Quality Management; Radiology; Real Estate; Real Estate Finance; Recruiting & Talent Acquisition; Revenue Operations; Safety; Sales Enablement; Sales Engineering; Sales Leader; Sales Operations; Scrum Master & Agile Coach; Search Engine Optimization & Pay Per Click; Servers & Cloud Infrastructure; Social Media Marketing; Software Development; Sourcing & Procurement; Superintendent; Supply Chain; Talent Management; Tax; Teacher; Telecommunications; Test & Quality Assurance; Treasury; Web Design; Web Development; Workforce Management';

describe('departments', () => {
  it('has exactly the groups and sub-departments docs/api.md lists, each sub-department in one group', () => {
    expect([...DEPARTMENT_GROUP_NAMES].sort()).toEqual(SPEC_GROUPS.split('; ').sort());
    expect([...SUB_DEPARTMENT_NAMES].sort()).toEqual(SPEC_SUBS.split('; ').sort());
    expect(GROUP_OF_SUB_DEPARTMENT.size).toBe(SPEC_SUBS.split('; ').length);
    expect(DEPARTMENT_VALUES.size).toBe(13 + SPEC_SUBS.split('; ').length);
  });

  it('expands sub-departments with their groups', () => {
    expect(expandDepartments(['Inside Sales'])).toEqual(['Sales', 'Inside Sales']);
    expect(expandDepartments(['Sales', 'Sales Leader', 'Sales'])).toEqual(['Sales', 'Sales Leader']);
    expect(expandDepartments(['Marketing'])).toEqual(['Marketing']);
  });
});

describe('enumerations', () => {
  it('answers the ten documented names', () => {
    expect(Object.keys(ENUMERATIONS).sort()).toEqual(
      [
        'industries',
        'regions',
        'seniorities',
        'departments',
        'employee_ranges',
        'countries',
        'company_types',
        'business_types',
        'revenue_streams',
        'keywords_sources',
      ].sort(),
    );
  });

  it('expands regions to ISO countries only', () => {
    const codes = new Set(COUNTRIES.map((c) => c.code));
    expect(regionCountries('dach')).toEqual(['DE', 'AT', 'CH']);
    expect(regionCountries('Europe')).toEqual(expect.arrayContaining(['DE', 'FR', 'GB', 'PL']));
    expect(regionCountries('Atlantis')).toBeUndefined();
    for (const r of ENUMERATIONS.regions) for (const c of r.countries as string[]) expect(codes.has(c)).toBe(true);
  });

  it('lists every industry once, under one group', () => {
    const industries = ENUMERATIONS.industries.filter((i) => i.type === 'industry').map((i) => i.value);
    expect(new Set(industries).size).toBe(industries.length);
  });
});
