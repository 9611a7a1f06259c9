/** Companies a text filter selects: their ids, or `'broad'` when more than a list carries (the condition is written in). */
export type CompanyIds = string[] | 'broad';

/** Values the database resolved before compiling (resolve-filters.ts), and the request's frame. */
export interface ResolvedValues {
  /** Location keys that resolved; `include` is what the filter's include list became. */
  personLocation?: { include: string[]; exclude: string[] };
  companyLocation?: { include: string[]; exclude: string[] };
  /** Companies matching `company_keywords` (include phrases, minus exclude phrases). */
  keywordCompanyIds?: CompanyIds;
  /** Companies whose name contains a `company.name` CONTAINS include. */
  nameContainsCompanyIds?: CompanyIds;
  /** The companies all company filters together select, when they are at most COMPANY_SET_LIMIT. */
  companyIds?: string[];
  /**
   * Which workspace set the filters select from (the saves of `lists.saved` any or without_list, the members of
   * `lists.include`) is small (at most SET_PROBE_SHARE of the people, or SET_PROBE_FLOOR): its people are looked up by
   * id. At most one.
   */
  probedSets?: { saved: boolean; lists: boolean };
}

export interface CompileContext {
  workspaceId: string;
  /** Today in UTC, `YYYY-MM-DD`: months and job changes count from it. */
  today: string;
  resolved: ResolvedValues;
  /** People the caller leaves out (credit preview and people save `exclude_ids`). */
  excludeIds?: string[];
  /**
   * The data set's instance and version, read once when the search began: the key of its kept resolution and of
   * its counts that do not follow the workspace. Absent without a data set state (nothing is kept then).
   */
  datasetVersion?: string;
  /**
   * Only people in one of these sets of the workspace: the part that `exclude_exported`,
   * `lists.saved: none` and `lists.exclude` subtract from the cached count of the other filters.
   */
  onlyWorkspaces?: WorkspaceSets;
}

/** Sets of the workspace's own people: its exports, its saves, the members of some of its lists. */
export interface WorkspaceSets {
  exported?: boolean;
  saved?: boolean;
  lists?: string[];
}
