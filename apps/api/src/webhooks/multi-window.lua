-- The on-demand send throttle (on-demand-throttle.ts): several fixed-window counters spent together.
-- KEYS: the counters (one hash tag: one slot); ARGV[1] cost, then a limit and a window (ms) per key.
-- Spends `cost` on every counter only when each has room, so a refusal spends nothing anywhere.
-- Answers {1, 0, 0}, or {0, index of the refusing counter that frees up last, ms until it does}.
local cost = tonumber(ARGV[1])
local refused, wait = 0, -1
for i = 1, #KEYS do
  local limit = tonumber(ARGV[2 * i])
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used + cost > limit then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then ttl = tonumber(ARGV[2 * i + 1]) end
    if ttl > wait then refused, wait = i, ttl end
  end
end
if refused > 0 then return {0, refused, wait} end
for i = 1, #KEYS do
  local used = redis.call('INCRBY', KEYS[i], cost)
  if used == cost or redis.call('PTTL', KEYS[i]) < 0 then redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[2 * i + 1])) end
end
return {1, 0, 0}
