-- Takes up to `want` delivery slots of one webhook, as far as its own cap and its workspace's allow.
-- KEYS[1] the workspace's slots, KEYS[2] the webhook's slots (sorted sets: member -> expiry, ms),
-- KEYS[3] the workspace's wanting webhooks (webhook id -> when it last found the workspace full).
-- ARGV: ttl ms, workspace cap, webhook cap, want, webhook id, token.
-- Answers the members taken (`<webhook>:<token>:<n>`), each held in both sets until it expires.
-- While other webhooks want slots, a webhook gets no more than its fair share (as keep-slots
-- computes it): a yielded slot goes to those it was yielded for, not back to the one that yielded.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[1])
local cap = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - ttl)
local held = redis.call('ZCARD', KEYS[2])
local workspace_room = cap - redis.call('ZCARD', KEYS[1])
local webhook_room = tonumber(ARGV[3]) - held
local others_want = false
for _, webhook in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
  if webhook ~= ARGV[5] then others_want = true end
end
-- The fair share: the cap divided among the webhooks that hold slots or want them (at least 1).
local share = cap
if others_want then
  local webhooks = { [ARGV[5]] = true }
  local distinct = 1
  local function count(webhook)
    if webhook and not webhooks[webhook] then
      webhooks[webhook] = true
      distinct = distinct + 1
    end
  end
  for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do count(string.match(member, '^([^:]*):')) end
  for _, webhook in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do count(webhook) end
  share = math.max(1, math.floor(cap / distinct))
end
workspace_room = math.min(workspace_room, share - held)
local want = tonumber(ARGV[4])
local n = math.max(0, math.min(want, workspace_room, webhook_room))
local taken = {}
for i = 1, n do
  local member = ARGV[5] .. ':' .. ARGV[6] .. ':' .. i
  redis.call('ZADD', KEYS[1], now + ttl, member)
  redis.call('ZADD', KEYS[2], now + ttl, member)
  taken[i] = member
end
if n < want and n < webhook_room and held + n < share then
  -- Held back by the workspace's cap below its fair share: its other webhooks' drains give up
  -- their share for this one, and whoever gives a slot back starts a drain for it.
  redis.call('ZADD', KEYS[3], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[3], ttl * 2)
elseif n > 0 then
  redis.call('ZREM', KEYS[3], ARGV[5])
end
if n > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl * 2)
  redis.call('PEXPIRE', KEYS[2], ttl * 2)
end
return taken
