/** What a page of a list takes: the rows to skip and to answer (PageRequest of @app/common fits). */
export interface PageWindow {
  perPage: number;
  offset: number;
}

/** One page of rows and the count of every row the page's filter matches. */
export interface PageOf<T> {
  items: T[];
  total: number;
}
