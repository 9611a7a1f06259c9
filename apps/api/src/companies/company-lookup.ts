import type { CompanyRepository } from '@app/database';
import type { EntityManager } from 'typeorm';
import { LookupItem, proNetworkUrlCandidates } from './save-items';

/** The company id each lookup item names, or null; one query per kind of lookup key used. */
export async function resolveCompanies(
  companies: CompanyRepository,
  m: EntityManager,
  items: readonly LookupItem[],
): Promise<Array<string | null>> {
  const of = (by: LookupItem['by']) => items.filter((i) => i.by === by);
  const urlCandidates = new Map(
    of('pro_network_url').map((i) => [i.value as string, proNetworkUrlCandidates(i.value as string) ?? []]),
  );
  // One after another: inside a transaction they share one connection anyway.
  const none = new Map<string, string>();
  const ids = of('id').length
    ? await companies.idsById(
        of('id').map((i) => i.value as string),
        m,
      )
    : none;
  const proIds = of('pro_network_id').length
    ? await companies.idsByProNetworkId(
        of('pro_network_id').map((i) => i.value as number),
        m,
      )
    : none;
  const urls = urlCandidates.size ? await companies.idsByProNetworkUrl([...urlCandidates.values()].flat(), m) : none;
  const domains = of('domain').length
    ? await companies.idsByDomain(
        of('domain').map((i) => i.value as string),
        m,
      )
    : none;
  return items.map((item) => {
    switch (item.by) {
      case 'id':
        return ids.get(item.value as string) ?? null;
      case 'pro_network_id':
        return proIds.get(String(item.value)) ?? null;
      case 'domain':
        return domains.get(item.value as string) ?? null;
      case 'pro_network_url': {
        const hit = (urlCandidates.get(item.value as string) ?? []).find((c) => urls.has(c));
        return hit ? urls.get(hit)! : null;
      }
    }
  });
}
