/** Where the read-only queue dashboard is served (mountOps), without its imports, for the header middleware. */
export const OPS_QUEUES_PATH = '/ops/queues';
