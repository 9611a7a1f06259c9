/**
 * The derived columns people search filters on, computed from a record where it is loaded (the
 * dataset loader) and for rows loaded earlier (the people-search migration): one definition, so
 * stored columns and compiled filters always agree.
 */
import { placeKeys, placesKeys, type PlaceInput } from './locations/location-keys';
import { titleCanon, titleKey, titleTerms } from './titles/job-titles';

export interface PersonSearchColumns {
  title_terms: string[];
  title_key: string;
  title_canon: string;
  location_keys: string[];
}

export interface CompanySearchColumns {
  hq_location_keys: string[];
  location_keys: string[];
}

export function personSearchColumns(
  title: string | null | undefined,
  location: PlaceInput | null | undefined,
): PersonSearchColumns {
  return {
    title_terms: titleTerms(title ?? null),
    title_key: titleKey(title ?? null),
    title_canon: titleCanon(title ?? null),
    location_keys: placeKeys(location),
  };
}

export function companySearchColumns(
  location: PlaceInput | null | undefined,
  otherLocations: ReadonlyArray<PlaceInput | null> | null | undefined,
): CompanySearchColumns {
  return { hq_location_keys: placeKeys(location), location_keys: placesKeys([location, ...(otherLocations ?? [])]) };
}
