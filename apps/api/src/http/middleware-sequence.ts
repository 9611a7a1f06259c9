// Plain function (no Nest or Express imports) so a unit spec can drive it.

type Next = (error?: unknown) => void;
export type Middleware<Req, Res> = (req: Req, res: Res, next: Next) => void;

/**
 * Several middlewares as one: each runs when the previous calls `next()`; an error, or a middleware that answers
 * without calling `next`, ends the sequence as it would end Express's chain. One router layer instead of several:
 * Express matches and dispatches every layer of its stack in turn for each request.
 */
export function sequence<Req, Res>(...middlewares: Array<Middleware<Req, Res>>): Middleware<Req, Res> {
  return (req, res, next) => {
    let index = 0;
    const step: Next = (error) => {
      if (error !== undefined && error !== null) return next(error);
      const middleware = middlewares[index++];
      if (middleware === undefined) return next();
      middleware(req, res, step);
    };
    step();
  };
}
