import type { Seniority } from '@app/domain/enums/people-enums';
import type { Prng } from './prng';

/** [area as used in "VP {area}", individual role noun] per sub-department; others fall back to the sub-department name. */
const ROLES: Record<string, [string, string]> = {
  'Software Development': ['Engineering', 'Software Engineer'],
  'Engineering Management': ['Engineering', 'Engineering Manager'],
  'Data Science': ['Data Science', 'Data Scientist'],
  'Artificial Intelligence & Machine Learning': ['AI', 'Machine Learning Engineer'],
  DevOps: ['Platform Engineering', 'DevOps Engineer'],
  'Mobile Development': ['Mobile', 'iOS Developer'],
  'Web Development': ['Web', 'Frontend Developer'],
  'Test & Quality Assurance': ['Quality', 'QA Engineer'],
  'Inside Sales': ['Sales', 'Sales Development Representative'],
  'Field & Outside Sales': ['Sales', 'Account Executive'],
  'Sales Leader': ['Sales', 'Sales Lead'],
  'Account Management': ['Accounts', 'Account Manager'],
  'Business Development': ['Business Development', 'Business Development Representative'],
  'Customer Success': ['Customer Success', 'Customer Success Manager'],
  'Sales Operations': ['Sales Operations', 'Sales Operations Analyst'],
  'Sales Engineering': ['Solutions Engineering', 'Solutions Engineer'],
  'Revenue Operations': ['RevOps', 'Revenue Operations Analyst'],
  'Marketing Executive': ['Marketing', 'Marketing Specialist'],
  'Content Marketing': ['Content', 'Content Writer'],
  'Product Marketing': ['Product Marketing', 'Product Marketing Manager'],
  'Demand Generation': ['Demand Generation', 'Demand Generation Specialist'],
  'Digital Marketing': ['Digital Marketing', 'Digital Marketing Specialist'],
  'Public Relations': ['Communications', 'PR Specialist'],
  Accounting: ['Accounting', 'Accountant'],
  'Finance Executive': ['Finance', 'Financial Analyst'],
  'Financial Planning & Analysis': ['FP&A', 'FP&A Analyst'],
  Tax: ['Tax', 'Tax Advisor'],
  'Recruiting & Talent Acquisition': ['Talent Acquisition', 'Recruiter'],
  'HR Business Partner': ['People', 'HR Business Partner'],
  'People Operations': ['People Operations', 'People Operations Specialist'],
  'Human Resources Executive': ['Human Resources', 'HR Generalist'],
  'Information Security': ['Security', 'Security Engineer'],
  'IT Operations': ['IT', 'Systems Administrator'],
  'Information Technology Executive': ['IT', 'IT Specialist'],
  'Help Desk & Desktop Services': ['IT Support', 'Help Desk Technician'],
  'Legal Counsel': ['Legal', 'Legal Counsel'],
  'Lawyer & Attorney': ['Legal', 'Attorney'],
  Compliance: ['Compliance', 'Compliance Officer'],
  'Product Management': ['Product', 'Product Manager'],
  'Project Management': ['Projects', 'Project Manager'],
  'Operations Executive': ['Operations', 'Operations Analyst'],
  'Supply Chain': ['Supply Chain', 'Supply Chain Analyst'],
  Logistics: ['Logistics', 'Logistics Coordinator'],
  'Product or UI&UX Design': ['Design', 'UX Designer'],
  'Graphic & Visual & Brand Design': ['Design', 'Graphic Designer'],
  Nursing: ['Nursing', 'Registered Nurse'],
  'Doctors & Physicians': ['Medicine', 'Physician'],
  Teacher: ['Teaching', 'Teacher'],
  Professor: ['Faculty', 'Professor'],
  Consultant: ['Consulting', 'Consultant'],
  Founder: ['Company', 'Founder'],
  Executive: ['Company', 'Executive'],
};

/** Chief titles per department group: [full, abbreviation]. */
const CHIEFS: Record<string, [string, string]> = {
  'C-Suite': ['Chief Executive Officer', 'CEO'],
  'Engineering & Technical': ['Chief Technology Officer', 'CTO'],
  Finance: ['Chief Financial Officer', 'CFO'],
  Marketing: ['Chief Marketing Officer', 'CMO'],
  Operations: ['Chief Operating Officer', 'COO'],
  'Human Resources': ['Chief People Officer', 'CHRO'],
  'Information Technology': ['Chief Information Officer', 'CIO'],
  Sales: ['Chief Revenue Officer', 'CRO'],
  Legal: ['Chief Legal Officer', 'General Counsel'],
  'Medical & Health': ['Chief Medical Officer', 'CMO'],
  Design: ['Chief Design Officer', 'CDO'],
  Education: ['Chief Academic Officer', 'CAO'],
  Consulting: ['Chief Strategy Officer', 'CSO'],
};

/** A job title for a seniority in a sub-department, with the spellings real profiles use ("VP Sales", "Sr. …", "CTO"). */
export function jobTitle(rng: Prng, seniority: Seniority, group: string, sub: string): string {
  const [area, role] = ROLES[sub] ?? [sub, `${sub} Specialist`];
  switch (seniority) {
    case 'Owner':
      return rng.pick(['Owner', 'Founder & CEO', 'Co-Founder', `Founder, ${area}`]);
    case 'Partner':
      return rng.pick(['Partner', 'Managing Partner', `Partner, ${area}`]);
    case 'Chief Officer': {
      const [full, short] = CHIEFS[group] ?? ['Chief Executive Officer', 'CEO'];
      return rng.chance(0.5) ? full : short;
    }
    case 'VP':
      return rng.pick([`VP ${area}`, `Vice President of ${area}`, `SVP ${area}`, `VP of ${area}`]);
    case 'Director':
      return rng.pick([`Director of ${area}`, `Head of ${area}`, `${area} Director`]);
    case 'Manager':
      return rng.pick([`${area} Manager`, `Manager, ${area}`, `${area} Team Lead`]);
    case 'Senior':
      return rng.pick([`Senior ${role}`, `Sr. ${role}`, `Lead ${role}`, `Principal ${role}`]);
    case 'Entry':
      return rng.pick([role, role, `${role} II`, `Junior ${role}`]);
    case 'Intern':
      return rng.pick([`${role} Intern`, `Intern, ${area}`, `${area} Working Student`]);
    case 'Unpaid':
      return rng.pick([`Volunteer ${role}`, 'Board Member', `Advisor, ${area}`]);
  }
}
