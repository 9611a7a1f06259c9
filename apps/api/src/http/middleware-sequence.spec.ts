import { sequence } from './middleware-sequence';

describe('sequence', () => {
  it('runs the middlewares in order, then goes on', () => {
    const ran: string[] = [];
    const next = jest.fn();
    sequence<object, object>(
      (_q, _s, n) => (ran.push('a'), n()),
      (_q, _s, n) => (ran.push('b'), n()),
    )({}, {}, next);
    expect(ran).toEqual(['a', 'b']);
    expect(next).toHaveBeenCalledWith();
  });

  it('stops at an error, which goes on to the error handlers, or at a middleware that answers', () => {
    const error = new Error('405');
    const after = jest.fn();
    const next = jest.fn();
    sequence<object, object>((_q, _s, n) => n(error), after)({}, {}, next);
    expect(next).toHaveBeenCalledWith(error);
    expect(after).not.toHaveBeenCalled();

    const stopped = jest.fn();
    sequence<object, object>(() => undefined, after)({}, {}, stopped);
    expect(stopped).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
