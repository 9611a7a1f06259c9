-- Reads a rate limit's window without spending (a request that costs 0 units still reports where the
-- workspace stands). KEYS[1] counter; ARGV[1] window ms. Answers the same triple as fixed-window.lua;
-- with no window running, 0 used and a whole window ahead.
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = tonumber(ARGV[1]) end
return {1, used, ttl}
