-- Takes up to `want` delivery slots of one webhook, as far as its own cap and its workspace's allow.
-- KEYS[1] the workspace's slots, KEYS[2] the webhook's slots (sorted sets: member -> expiry, ms),
-- KEYS[3] the workspace's wanting webhooks (webhook id -> when it first found the workspace full).
-- ARGV: ttl ms, workspace cap, webhook cap, want, webhook id, token.
-- Answers the members taken (`<webhook>:<token>:<n>`), each held in both sets until it expires.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - ttl)
local workspace_room = tonumber(ARGV[2]) - redis.call('ZCARD', KEYS[1])
local webhook_room = tonumber(ARGV[3]) - redis.call('ZCARD', KEYS[2])
local want = tonumber(ARGV[4])
local n = math.max(0, math.min(want, workspace_room, webhook_room))
local taken = {}
for i = 1, n do
  local member = ARGV[5] .. ':' .. ARGV[6] .. ':' .. i
  redis.call('ZADD', KEYS[1], now + ttl, member)
  redis.call('ZADD', KEYS[2], now + ttl, member)
  taken[i] = member
end
if n < want and n < webhook_room then
  -- Held back by the workspace's cap: its other webhooks' drains give up their share for this one.
  redis.call('ZADD', KEYS[3], 'NX', now, ARGV[5])
  redis.call('PEXPIRE', KEYS[3], ttl * 2)
elseif n > 0 then
  redis.call('ZREM', KEYS[3], ARGV[5])
end
if n > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl * 2)
  redis.call('PEXPIRE', KEYS[2], ttl * 2)
end
return taken
