-- Renews the slots a drain holds and tells it its fair share of the workspace's cap.
-- KEYS[1] the workspace's slots, KEYS[2] the webhook's slots, KEYS[3] the workspace's wanting webhooks.
-- ARGV: ttl ms, workspace cap, webhook id, members held...
-- Answers { members still held (an expired one is lost for good), share, the other wanting webhook ids... }.
-- The share is the cap divided among the webhooks that hold slots and those that want one (at
-- least 1), less the slots of the webhook that other drains hold (so it can be 0 or less: this
-- drain gives up every lane); without wanting webhooks it is the whole cap.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - ttl)
local held = {}
for i = 4, #ARGV do
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
local wanting = {}
for _, webhook in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
  if webhook ~= ARGV[3] then wanting[#wanting + 1] = webhook end
end
if #wanting == 0 then
  return { held, cap }
end
-- The webhooks that hold slots or want them, each counted once.
local webhooks = {}
local distinct = 0
local function count(webhook)
  if webhook and not webhooks[webhook] then
    webhooks[webhook] = true
    distinct = distinct + 1
  end
end
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do count(string.match(member, '^([^:]*):')) end
count(ARGV[3])
for _, webhook in ipairs(wanting) do count(webhook) end
-- The webhook's share, less what its other drains hold: several drains of one webhook share one share.
local share = math.max(1, math.floor(cap / distinct)) - (redis.call('ZCARD', KEYS[2]) - #held)
local answer = { held, share }
for _, webhook in ipairs(wanting) do
  answer[#answer + 1] = webhook
end
return answer
