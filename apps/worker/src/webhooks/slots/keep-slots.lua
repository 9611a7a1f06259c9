-- Renews the slots a drain holds and tells it its fair share of the workspace's cap.
-- KEYS[1] the workspace's slots, KEYS[2] the webhook's slots, KEYS[3] the workspace's wanting webhooks.
-- ARGV: ttl ms, workspace cap, members held...
-- Answers { members still held (an expired one is lost for good), share, wanting webhook ids... }.
-- The share is the cap divided among the webhooks that hold slots and those that want one
-- (at least 1); without wanting webhooks it is the whole cap.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - ttl)
local held = {}
for i = 3, #ARGV do
  if redis.call('ZSCORE', KEYS[2], ARGV[i]) then
    redis.call('ZADD', KEYS[1], 'XX', now + ttl, ARGV[i])
    redis.call('ZADD', KEYS[2], 'XX', now + ttl, ARGV[i])
    held[#held + 1] = ARGV[i]
  end
end
if #held > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl * 2)
  redis.call('PEXPIRE', KEYS[2], ttl * 2)
end
local cap = tonumber(ARGV[2])
local wanting = redis.call('ZRANGE', KEYS[3], 0, -1)
if #wanting == 0 then
  return { held, cap }
end
local holders = {}
local distinct = 0
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local webhook = string.match(member, '^([^:]*):')
  if webhook and not holders[webhook] then
    holders[webhook] = true
    distinct = distinct + 1
  end
end
local share = math.max(1, math.floor(cap / (distinct + #wanting)))
local answer = { held, share }
for _, webhook in ipairs(wanting) do
  answer[#answer + 1] = webhook
end
return answer
